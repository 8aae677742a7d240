import type { PlanId } from '@agentcast/contracts/plans';
import type { AgentSchedule } from '@agentcast/contracts/schedules';
import type { Database } from '@agentcast/db/client';
import { findAgentSchedules } from '../schedules/find-agent-schedules.ts';
import { projectNextPosts } from '../schedules/project-account-slots.ts';

/** GET /api/schedules: each agent's next slots, and the next one that will post, by the Calendar's projection. */
export const getAgentSchedules = async (
  db: Database,
  { workspaceId, defaultPlan, now = new Date() }: { workspaceId: string; defaultPlan: PlanId; now?: Date },
): Promise<AgentSchedule[]> => {
  const [schedules, nextPosts] = await Promise.all([
    findAgentSchedules(db, { workspaceId }),
    projectNextPosts(db, { workspaceId, defaultPlan, now }),
  ]);
  return schedules.map((schedule) => ({
    ...schedule,
    next_post_at:
      schedule.kind === 'chat' ? schedule.next_run_at : (nextPosts.get(schedule.agent_id)?.toISOString() ?? null),
  }));
};
