import { asc, eq } from 'drizzle-orm';
import type { AgentSchedule } from '@agentcast/contracts/schedules';
import type { Database } from '@agentcast/db/client';
import { agentSchedule } from '@agentcast/db/schema/schedules';

/**
 * The user's agents' next slots, soonest first. A slot missed while no worker ran stays in the past until a worker
 * plans it (one post, no catch-up): the dashboard shows it as due.
 */
export const findAgentSchedules = async (
  db: Database,
  { workspaceId }: { workspaceId: string },
): Promise<Omit<AgentSchedule, 'next_post_at'>[]> => {
  const rows = await db
    .select({ agentId: agentSchedule.agentId, kind: agentSchedule.kind, nextRunAt: agentSchedule.nextRunAt })
    .from(agentSchedule)
    .where(eq(agentSchedule.workspaceId, workspaceId))
    .orderBy(asc(agentSchedule.nextRunAt));
  return rows.map((row) => ({ agent_id: row.agentId, kind: row.kind, next_run_at: row.nextRunAt.toISOString() }));
};
