import { and, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import { CALENDAR_DAYS, MAX_PLANNED_ENTRIES, type Calendar, type CalendarEntry } from '@agentcast/contracts/calendar';
import { MAX_WAITING_DRAFTS } from '@agentcast/contracts/drafts';
import type { PlanId } from '@agentcast/contracts/plans';
import type { Database } from '@agentcast/db/client';
import { agent } from '@agentcast/db/schema/agents';
import { dailyUsage } from '@agentcast/db/schema/plans';
import { agentRun, delivery } from '@agentcast/db/schema/runs';
import { agentSchedule, scheduleSkip } from '@agentcast/db/schema/schedules';
import { getAccountPlan } from '../plans/get-account-plan.ts';
import { usageDay } from '../plans/usage-day.ts';
import { projectSlots, skipKey } from './project-slots.ts';

const DAY_MS = 86_400_000;
const iso = (date: Date) => date.toISOString();

/** The account's agents' coming slots, projected from `from` to `to` (what the AgentBoard and Calendar show). */
export const projectAccountSlots = async (
  db: Database,
  {
    userId,
    defaultPlan,
    from,
    to,
    limit,
  }: { userId: string; defaultPlan: PlanId; from: Date; to: Date; limit: number },
) => {
  const [agents, schedules, skips, plan, [today], waiting] = await Promise.all([
    db
      .select({ id: agent.id, name: agent.name, paused: agent.paused, review: agent.reviewBeforePosting })
      .from(agent)
      .where(eq(agent.userId, userId))
      .orderBy(agent.createdAt),
    db
      .select()
      .from(agentSchedule)
      .where(and(eq(agentSchedule.userId, userId), eq(agentSchedule.kind, 'post'))),
    db
      .select({ agentId: scheduleSkip.agentId, slotAt: scheduleSkip.slotAt })
      .from(scheduleSkip)
      .innerJoin(agent, eq(agent.id, scheduleSkip.agentId))
      .where(and(eq(agent.userId, userId), gte(scheduleSkip.slotAt, new Date(from.getTime() - DAY_MS)))),
    getAccountPlan(db, userId, defaultPlan),
    db
      .select({ posts: dailyUsage.posts })
      .from(dailyUsage)
      .where(and(eq(dailyUsage.userId, userId), eq(dailyUsage.day, usageDay(from)))),
    db
      .select({ agentId: agentRun.agentId, count: sql<number>`count(*)::int` })
      .from(agentRun)
      .where(and(eq(agentRun.userId, userId), inArray(agentRun.status, ['planned', 'generating', 'awaiting_review'])))
      .groupBy(agentRun.agentId),
  ]);
  const reviewOf = new Map(agents.map((row) => [row.id, row.review]));
  const waitingOf = new Map(waiting.map((row) => [row.agentId, Number(row.count)]));
  const projection = projectSlots({
    schedules: schedules.map((row) => ({
      agentId: row.agentId,
      intervalMs: row.intervalMs,
      jitterMs: row.jitterMs,
      nextRunAt: row.nextRunAt,
      review: reviewOf.get(row.agentId) ?? false,
      waitingDrafts: waitingOf.get(row.agentId) ?? 0,
    })),
    from,
    to,
    postsPerDay: plan.limits.postsPerDay,
    usedToday: today?.posts ?? 0,
    maxDrafts: MAX_WAITING_DRAFTS,
    skips: new Set(skips.map((row) => skipKey(row.agentId, row.slotAt))),
    limit,
  });
  return { agents, ...projection };
};

/** The first slot of each agent that will post or draft: "Next post at …". */
export const nextPostsOf = (slots: { agentId: string; at: Date; outcome: string }[]) => {
  const next = new Map<string, Date>();
  for (const slot of slots) {
    if ((slot.outcome === 'post' || slot.outcome === 'draft') && !next.has(slot.agentId))
      next.set(slot.agentId, slot.at);
  }
  return next;
};

/**
 * The Calendar tab: the account's next CALENDAR_DAYS of planned posts (each with what will happen then), drafts
 * and scheduled posts at their times, and what went out in the last CALENDAR_DAYS with its links and latest metrics.
 */
export const getCalendar = async (
  db: Database,
  { userId, defaultPlan, now = new Date() }: { userId: string; defaultPlan: PlanId; now?: Date },
): Promise<Calendar> => {
  const to = new Date(now.getTime() + CALENDAR_DAYS * DAY_MS);
  const since = new Date(now.getTime() - CALENDAR_DAYS * DAY_MS);
  const [projected, waitingRuns, recentRuns] = await Promise.all([
    // A week's slots, and beyond it only as far as needed to name each agent's next post.
    projectAccountSlots(db, { userId, defaultPlan, from: now, to, limit: MAX_PLANNED_ENTRIES }),
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
          eq(agentRun.userId, userId),
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
          eq(agentRun.userId, userId),
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
  const nextPosts = nextPostsOf(projected.slots);
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
