import { and, eq, gte, inArray, sql } from 'drizzle-orm';
import { MAX_WAITING_DRAFTS } from '@agentcast/contracts/drafts';
import type { PlanId } from '@agentcast/contracts/plans';
import { NEXT_POST_HORIZON_DAYS } from '@agentcast/contracts/schedules-constants';
import type { Database } from '@agentcast/db/client';
import { agent } from '@agentcast/db/schema/agents';
import { dailyUsage } from '@agentcast/db/schema/plans';
import { agentRun } from '@agentcast/db/schema/runs';
import { agentSchedule, scheduleSkip } from '@agentcast/db/schema/schedules';
import { getAccountPlan } from '../plans/get-account-plan.ts';
import { usageDay } from '../plans/usage-day.ts';
import { projectSlots, skipKey } from './project-slots.ts';

const DAY_MS = 86_400_000;

/**
 * The account's agents' coming slots, projected from `from` to `to`: the one projection the Calendar, the
 * AgentBoard's "Next post at …" and a trigger's refusal all read.
 */
export const projectAccountSlots = async (
  db: Database,
  {
    workspaceId,
    defaultPlan,
    from,
    to,
    limit,
    untilEachPosts,
  }: { workspaceId: string; defaultPlan: PlanId; from: Date; to: Date; limit: number; untilEachPosts?: boolean },
) => {
  const [agents, schedules, skips, plan, days, waiting] = await Promise.all([
    db
      .select({
        id: agent.id,
        name: agent.name,
        paused: agent.paused,
        review: sql<boolean>`${agent.approval} <> 'none'`,
      })
      .from(agent)
      .where(eq(agent.workspaceId, workspaceId))
      .orderBy(agent.createdAt),
    db
      .select()
      .from(agentSchedule)
      .where(and(eq(agentSchedule.workspaceId, workspaceId), eq(agentSchedule.kind, 'post'))),
    db
      .select({ agentId: scheduleSkip.agentId, slotAt: scheduleSkip.slotAt })
      .from(scheduleSkip)
      .innerJoin(agent, eq(agent.id, scheduleSkip.agentId))
      .where(and(eq(agent.workspaceId, workspaceId), gte(scheduleSkip.slotAt, new Date(from.getTime() - DAY_MS)))),
    getAccountPlan(db, workspaceId, defaultPlan),
    // Today's posts, and those a day ahead holds already (drafts moved to it, posts written for it).
    db
      .select({ day: dailyUsage.day, posts: dailyUsage.posts })
      .from(dailyUsage)
      .where(and(eq(dailyUsage.workspaceId, workspaceId), gte(dailyUsage.day, usageDay(from)))),
    db
      .select({ agentId: agentRun.agentId, count: sql<number>`count(*)::int` })
      .from(agentRun)
      .where(
        and(
          eq(agentRun.workspaceId, workspaceId),
          inArray(agentRun.status, ['planned', 'generating', 'awaiting_review']),
        ),
      )
      .groupBy(agentRun.agentId),
  ]);
  const reviewOf = new Map(agents.map((row) => [row.id, row.review]));
  const waitingOf = new Map(waiting.map((row) => [row.agentId, Number(row.count)]));
  const projection = projectSlots({
    schedules: schedules.map((row) => ({
      agentId: row.agentId,
      intervalMs: row.intervalMs,
      jitterMs: row.jitterMs,
      spread: row.spread,
      nextRunAt: row.nextRunAt,
      review: reviewOf.get(row.agentId) ?? false,
      waitingDrafts: waitingOf.get(row.agentId) ?? 0,
    })),
    from,
    to,
    postsPerDay: plan.limits.postsPerDay,
    used: new Map(days.map((row) => [row.day, row.posts])),
    maxDrafts: MAX_WAITING_DRAFTS,
    skips: new Set(skips.map((row) => skipKey(row.agentId, row.slotAt))),
    limit,
    untilEachPosts,
  });
  return { agents, plan, ...projection };
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

/** How far ahead "Next post at …" looks for a slot that posts (past a used-up day, past skipped slots). */
const NEXT_POST_HORIZON_MS = NEXT_POST_HORIZON_DAYS * DAY_MS;
/** Enough for every agent of an account posting each minute for the horizon: the projection is arithmetic. */
const NEXT_POST_SLOTS = 200_000;

/** When each of the account's agents next posts or drafts on its own, by the projection (none: not soon). */
export const projectNextPosts = async (
  db: Database,
  { workspaceId, defaultPlan, now }: { workspaceId: string; defaultPlan: PlanId; now: Date },
) => {
  const { slots } = await projectAccountSlots(db, {
    workspaceId,
    defaultPlan,
    from: now,
    to: new Date(now.getTime() + NEXT_POST_HORIZON_MS),
    limit: NEXT_POST_SLOTS,
    // An agent posting each second on a plan without a limit has 691,200 slots in the horizon: its first is enough.
    untilEachPosts: true,
  });
  return nextPostsOf(slots);
};
