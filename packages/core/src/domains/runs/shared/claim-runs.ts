import { sql } from 'drizzle-orm';
import type { Database } from '@agentcast/db/client';
import { agentRun, type AgentRunRow } from '@agentcast/db/schema/runs';

/**
 * Takes planned runs for `leaseMs` to write their posts, and runs whose writer died (still `generating` after its
 * lease), in one statement. Runs that are done, gone, or in another worker's hands are not returned.
 */
export const claimRuns = async (
  db: Database,
  { runIds, now, leaseMs }: { runIds: string[]; now: Date; leaseMs: number },
): Promise<AgentRunRow[]> => {
  if (runIds.length === 0) return [];
  const at = sql`${now.toISOString()}::timestamptz`;
  return db
    .update(agentRun)
    .set({
      status: 'generating',
      leaseUntil: new Date(now.getTime() + leaseMs),
      attempts: sql`${agentRun.attempts} + 1`,
      updatedAt: now,
    })
    .where(
      sql`${agentRun.id} IN (${sql.join(
        runIds.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})
        AND (${agentRun.status} = 'planned' OR (${agentRun.status} = 'generating' AND (${agentRun.leaseUntil} IS NULL OR ${agentRun.leaseUntil} < ${at})))`,
    )
    .returning();
};

/** Lets go of a run after a failed attempt, so that the queue's retry (or the sweeper) can take it again. */
export const releaseRun = (db: Database, runId: string) =>
  db
    .update(agentRun)
    .set({ leaseUntil: null, updatedAt: new Date() })
    .where(sql`${agentRun.id} = ${runId} AND ${agentRun.status} = 'generating'`);
