import { and, asc, eq } from 'drizzle-orm';
import { isSpreadSlot, nextSpreadSlot } from '@agentcast/contracts/posting-day';
import type { PlanId } from '@agentcast/contracts/plans';
import type { Database } from '@agentcast/db/client';
import { agent } from '@agentcast/db/schema/agents';
import { agentSchedule } from '@agentcast/db/schema/schedules';
import { getAccountPlan } from '../plans/get-account-plan.ts';
import { accountTimeZone } from './account-time-zone.ts';
import { planSpreads } from './plan-spreads.ts';

/** The account's post schedules, in the order their agents were made (the order shares are given in). */
export const accountPostSchedules = (db: Database, workspaceId: string) =>
  db
    .select({
      agentId: agentSchedule.agentId,
      intervalMs: agentSchedule.intervalMs,
      jitterMs: agentSchedule.jitterMs,
      spread: agentSchedule.spread,
      nextRunAt: agentSchedule.nextRunAt,
    })
    .from(agentSchedule)
    .innerJoin(agent, eq(agent.id, agentSchedule.agentId))
    .where(and(eq(agentSchedule.workspaceId, workspaceId), eq(agentSchedule.kind, 'post')))
    .orderBy(asc(agent.createdAt), asc(agent.id));

/**
 * Brings the account's post schedules in line with what its plan, its agents and its time zone make of them
 * (planSpreads), in the caller's transaction: after an agent is saved, paused, resumed or deleted, the plan changes,
 * or the time zone does. A schedule whose way of running changed starts afresh: a spread one at its next slot, one
 * back on its interval one interval from now; the others keep their next slot.
 */
export const respreadAccountSchedules = async (
  tx: Database,
  { workspaceId, defaultPlan, now = new Date() }: { workspaceId: string; defaultPlan: PlanId; now?: Date },
) => {
  const plan = await getAccountPlan(tx, workspaceId, defaultPlan);
  const zone = await accountTimeZone(tx, workspaceId);
  const schedules = await accountPostSchedules(tx, workspaceId);
  const planned = planSpreads(schedules, { postsPerDay: plan.limits.postsPerDay, zone });
  for (const schedule of schedules) {
    const { spread, jitterMs } = planned.get(schedule.agentId)!;
    const slotAt = new Date(schedule.nextRunAt.getTime() - schedule.jitterMs);
    const unchanged = spread
      ? JSON.stringify(spread) === JSON.stringify(schedule.spread) && isSpreadSlot(spread, slotAt)
      : schedule.spread === null;
    if (unchanged) continue;
    const nextRunAt = spread
      ? new Date(nextSpreadSlot(spread, now).getTime() + jitterMs)
      : new Date(now.getTime() + schedule.intervalMs + jitterMs);
    await tx
      .update(agentSchedule)
      .set({ spread, jitterMs, nextRunAt })
      .where(and(eq(agentSchedule.agentId, schedule.agentId), eq(agentSchedule.kind, 'post')));
  }
};
