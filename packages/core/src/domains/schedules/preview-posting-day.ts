import { MIN_POST_INTERVAL_MINUTES } from '@agentcast/contracts/agents';
import { nextSpreadSlot } from '@agentcast/contracts/posting-day';
import type { PlanId } from '@agentcast/contracts/plans';
import type { PostingDay } from '@agentcast/contracts/schedules';
import type { Database } from '@agentcast/db/client';
import { getAccountPlan } from '../plans/get-account-plan.ts';
import { accountTimeZone } from './account-time-zone.ts';
import { planSpreads } from './plan-spreads.ts';
import { accountPostSchedules } from './respread-account-schedules.ts';

/** Stands for the agent the Create Agent form is making, after the account's others. */
const NEW_AGENT = 'new';

/**
 * The agent form's note beside the interval: what the agent's posts would be with this interval, by the rules
 * respreadAccountSchedules applies when it is saved (the account's other posting agents sharing the plan's posts).
 */
export const previewPostingDay = async (
  db: Database,
  {
    workspaceId,
    defaultPlan,
    minuteMs,
    intervalMinutes,
    agentId,
    now = new Date(),
  }: {
    workspaceId: string;
    defaultPlan: PlanId;
    minuteMs: number;
    intervalMinutes: number;
    agentId?: string;
    now?: Date;
  },
): Promise<PostingDay> => {
  const plan = await getAccountPlan(db, workspaceId, defaultPlan);
  const zone = await accountTimeZone(db, workspaceId);
  const intervalMs = Math.max(MIN_POST_INTERVAL_MINUTES, intervalMinutes) * minuteMs;
  const self = agentId ?? NEW_AGENT;
  const others = (await accountPostSchedules(db, workspaceId)).map((row) => ({
    agentId: row.agentId,
    intervalMs: row.intervalMs,
  }));
  const place = others.findIndex((row) => row.agentId === self);
  const candidates =
    place >= 0
      ? others.map((row, index) => (index === place ? { agentId: self, intervalMs } : row))
      : [...others, { agentId: self, intervalMs }];
  const { spread } = planSpreads(candidates, { postsPerDay: plan.limits.postsPerDay, zone }).get(self)!;
  const times: string[] = [];
  for (let at = now; spread && times.length < spread.times.length;) {
    at = nextSpreadSlot(spread, at);
    times.push(at.toISOString());
  }
  return {
    plan: { id: plan.id, name: plan.name },
    posts_per_day: plan.limits.postsPerDay,
    shared_by: candidates.length,
    times: spread ? times : null,
  };
};
