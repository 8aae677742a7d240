import { sql } from 'drizzle-orm';
import type { Database } from '@agentcast/db/client';
import { agentRun, type AgentRunRow } from '@agentcast/db/schema/runs';

/**
 * Takes a planned run for `leaseMs` to write its post, or a run whose writer died (still `generating` after its
 * lease). Null when the run is done, gone, or in another worker's hands.
 */
export const claimRun = async (db: Database, { runId, now, leaseMs }: { runId: string; now: Date; leaseMs: number }) => {
  const at = sql`${now.toISOString()}::timestamptz`;
  const [row] = await db
    .update(agentRun)
    .set({ status: 'generating', leaseUntil: new Date(now.getTime() + leaseMs), attempts: sql`${agentRun.attempts} + 1`, updatedAt: now })
    .where(
      sql`${agentRun.id} = ${runId}
        AND (${agentRun.status} = 'planned' OR (${agentRun.status} = 'generating' AND (${agentRun.leaseUntil} IS NULL OR ${agentRun.leaseUntil} < ${at})))`,
    )
    .returning();
  return (row as AgentRunRow | undefined) ?? null;
};

/** Lets go of a run after a failed attempt, so that the queue's retry (or the sweeper) can take it again. */
export const releaseRun = (db: Database, runId: string) =>
  db.update(agentRun).set({ leaseUntil: null, updatedAt: new Date() }).where(sql`${agentRun.id} = ${runId} AND ${agentRun.status} = 'generating'`);
