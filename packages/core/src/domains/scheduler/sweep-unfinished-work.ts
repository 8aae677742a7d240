import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '@agentcast/db/client';
import { queryRows } from '@agentcast/db/query-rows';
import type { JobQueue } from '../../integrations/queue/create-job-queue.ts';
import { PUBLISH_DELIVERY_JOB } from '../runs/publish/publish-delivery-job.ts';
import { RUN_AGENT_JOB } from '../runs/plan/run-agent-job.ts';
import { sendJobs } from '../../integrations/queue/send-job.ts';

const idsOf = async (db: Database, query: SQL) => (await queryRows<{ id: string }>(db, query)).map((row) => row.id);

/**
 * Finds work whose job was lost — a worker killed mid-run or mid-post (its lease ran out), a job that never made
 * it — and sends it again. Runs and deliveries are claimed under leases and move only forward, so a job sent twice
 * does nothing the second time. `graceMs` leaves alone what was touched too recently to be stuck.
 */
export const sweepUnfinishedWork = async (
  { db, queue }: { db: Database; queue: JobQueue },
  { now, graceMs, limit }: { now: Date; graceMs: number; limit: number },
) => {
  const at = sql`${now.toISOString()}::timestamptz`;
  const stale = sql`${new Date(now.getTime() - graceMs).toISOString()}::timestamptz`;
  const runs = await idsOf(
    db,
    sql`
      SELECT id FROM agent_run
      WHERE (status = 'planned' AND updated_at < ${stale}) OR (status = 'generating' AND lease_until < ${at})
      ORDER BY updated_at LIMIT ${limit}`,
  );
  const deliveries = await idsOf(
    db,
    sql`
      SELECT id FROM delivery
      WHERE status IN ('ready', 'posting', 'unknown')
        AND ((lease_until IS NOT NULL AND lease_until < ${at})
          OR (lease_until IS NULL AND coalesce(next_attempt_at, updated_at) < ${stale}))
      ORDER BY updated_at LIMIT ${limit}`,
  );
  // One resend per piece of work per grace period: in a backlog a run waits in `planned` longer than the grace, and
  // each sweep would queue it again (pg-boss drops a job whose key already has one in the same time slot).
  const once = (key: string) => ({ singletonKey: key, singletonSeconds: Math.max(1, Math.ceil(graceMs / 1000)) });
  if (runs.length > 0) {
    await sendJobs(
      queue,
      RUN_AGENT_JOB,
      runs.map((runId) => ({ payload: { runId }, ...once(runId) })),
    );
  }
  if (deliveries.length > 0)
    await sendJobs(
      queue,
      PUBLISH_DELIVERY_JOB,
      deliveries.map((deliveryId) => ({ payload: { deliveryId }, ...once(deliveryId) })),
    );
  return { runs: runs.length, deliveries: deliveries.length };
};
