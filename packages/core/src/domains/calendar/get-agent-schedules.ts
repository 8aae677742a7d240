import type { PlanId } from '@agentcast/contracts/plans';
import { NEXT_POST_HORIZON_DAYS, type AgentSchedule } from '@agentcast/contracts/schedules';
import type { Database } from '@agentcast/db/client';
import { findAgentSchedules } from '../schedules/find-agent-schedules.ts';
import { nextPostsOf, projectAccountSlots } from './get-calendar.ts';

/** How far ahead "Next post at …" looks for a slot that posts (past a used-up day, past skipped slots). */
const NEXT_POST_HORIZON_MS = NEXT_POST_HORIZON_DAYS * 86_400_000;
/** Enough for every agent of an account posting each minute for the horizon: the projection is arithmetic. */
const NEXT_POST_SLOTS = 200_000;

/** GET /api/schedules: each agent's next slots, and the next one that will post, by the Calendar's projection. */
export const getAgentSchedules = async (
  db: Database,
  { userId, defaultPlan, now = new Date() }: { userId: string; defaultPlan: PlanId; now?: Date },
): Promise<AgentSchedule[]> => {
  const [schedules, { slots }] = await Promise.all([
    findAgentSchedules(db, { userId }),
    projectAccountSlots(db, {
      userId,
      defaultPlan,
      from: now,
      to: new Date(now.getTime() + NEXT_POST_HORIZON_MS),
      limit: NEXT_POST_SLOTS,
    }),
  ]);
  const nextPosts = nextPostsOf(slots);
  return schedules.map((schedule) => ({
    ...schedule,
    next_post_at:
      schedule.kind === 'chat' ? schedule.next_run_at : (nextPosts.get(schedule.agent_id)?.toISOString() ?? null),
  }));
};
