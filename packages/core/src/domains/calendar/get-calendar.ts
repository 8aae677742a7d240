import { and, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import { CALENDAR_DAYS, MAX_PLANNED_ENTRIES, type Calendar, type CalendarEntry } from '@agentcast/contracts/calendar';
import type { PlanId } from '@agentcast/contracts/plans';
import type { Database } from '@agentcast/db/client';
import { agentRun, delivery } from '@agentcast/db/schema/runs';
import { projectAccountSlots, projectNextPosts } from '../schedules/project-account-slots.ts';

const DAY_MS = 86_400_000;
const iso = (date: Date) => date.toISOString();

/**
 * The Calendar tab: the account's next CALENDAR_DAYS of planned posts (each with what will happen then), drafts
 * and scheduled posts at their times, and what went out in the last CALENDAR_DAYS with its links and latest metrics.
 */
export const getCalendar = async (
  db: Database,
  { workspaceId, defaultPlan, now = new Date() }: { workspaceId: string; defaultPlan: PlanId; now?: Date },
): Promise<Calendar> => {
  const to = new Date(now.getTime() + CALENDAR_DAYS * DAY_MS);
  const since = new Date(now.getTime() - CALENDAR_DAYS * DAY_MS);
  const [projected, nextPosts, waitingRuns, recentRuns] = await Promise.all([
    projectAccountSlots(db, { workspaceId, defaultPlan, from: now, to, limit: MAX_PLANNED_ENTRIES }),
    // Each agent's next post as the AgentBoard names it (the same projection, as far ahead as it looks).
    projectNextPosts(db, { workspaceId, defaultPlan, now }),
    db
      .select({
        id: agentRun.id,
        agentId: agentRun.agentId,
        status: agentRun.status,
        publishAt: agentRun.publishAt,
        createdAt: agentRun.createdAt,
        text: agentRun.postText,
      })
      .from(agentRun)
      .where(
        and(
          eq(agentRun.workspaceId, workspaceId),
          sql`(${agentRun.status} = 'awaiting_review' OR (${agentRun.status} = 'ready' AND ${agentRun.publishAt} > ${iso(now)}::timestamptz))`,
        ),
      ),
    db
      .select({
        id: agentRun.id,
        agentId: agentRun.agentId,
        at: sql<Date>`coalesce(${agentRun.publishAt}, ${agentRun.createdAt})`.mapWith(agentRun.createdAt),
        text: agentRun.postText,
        messageId: agentRun.terminalMessageId,
      })
      .from(agentRun)
      .where(
        and(
          eq(agentRun.workspaceId, workspaceId),
          eq(agentRun.status, 'ready'),
          gte(sql`coalesce(${agentRun.publishAt}, ${agentRun.createdAt})`, iso(since)),
          lt(sql`coalesce(${agentRun.publishAt}, ${agentRun.createdAt})`, iso(now)),
        ),
      ),
  ]);
  const recentIds = recentRuns.map((run) => run.id);
  const links =
    recentIds.length > 0
      ? await db
          .select({
            runId: delivery.runId,
            platform: delivery.platform,
            url: delivery.url,
            status: delivery.status,
            error: delivery.error,
            removedAt: delivery.removedAt,
            metrics: delivery.metrics,
            engagement: delivery.metricsEngagement,
            metricsReadAt: delivery.metricsReadAt,
          })
          .from(delivery)
          .where(and(inArray(delivery.runId, recentIds), sql`${delivery.platform} <> 'terminal'`))
      : [];
  const entries: CalendarEntry[] = [
    ...projected.slots.map((slot) => ({
      kind: 'planned' as const,
      agent_id: slot.agentId,
      at: iso(slot.at),
      slot_at: iso(slot.slotAt),
      outcome: slot.outcome,
      repeats: slot.repeats,
    })),
    ...waitingRuns.map((run) => ({
      kind: run.status === 'awaiting_review' ? ('draft' as const) : ('scheduled' as const),
      agent_id: run.agentId,
      run_id: run.id,
      at: iso(run.publishAt ?? run.createdAt),
      text: run.text ?? '',
    })),
    ...recentRuns.map((run) => ({
      kind: 'published' as const,
      agent_id: run.agentId,
      run_id: run.id,
      message_id: run.messageId,
      at: iso(run.at),
      text: run.text ?? '',
      links: links
        .filter((link) => link.runId === run.id)
        .map((link) => ({
          platform: link.platform,
          url: link.url,
          status: link.status,
          error: link.error,
          removed_at: link.removedAt ? iso(link.removedAt) : null,
          ...(link.metrics &&
            link.metricsReadAt && {
              metrics: { metrics: link.metrics, engagement: link.engagement ?? 0, read_at: iso(link.metricsReadAt) },
            }),
        })),
    })),
  ].sort((a, b) => a.at.localeCompare(b.at));
  return {
    from: iso(now),
    to: iso(to),
    agents: projected.agents.map((row) => ({
      agent_id: row.id,
      name: row.name,
      paused: row.paused,
      review_before_posting: row.review,
      next_post_at: nextPosts.has(row.id) ? iso(nextPosts.get(row.id)!) : null,
    })),
    entries,
    truncated: projected.truncated,
  };
};
