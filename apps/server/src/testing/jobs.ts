import { eq, inArray, sql } from 'drizzle-orm';
import { queryRows } from '@agentcast/db/query-rows';
import { agentRun, delivery } from '@agentcast/db/schema/runs';
import type { TestServer } from './start-test-server.ts';

export type QueuedJob = { name: string; state: string };

/** pg-boss's states a job no longer leaves (it keeps finished jobs for days, so they can be read back). */
const FINISHED = ['completed', 'failed', 'cancelled'];

/**
 * The jobs queued about an agent's runs or their deliveries (run-agent, publish-delivery, notify-publish-failed),
 * oldest first.
 */
export const jobsOfAgent = async (server: TestServer, agentId: string): Promise<QueuedJob[]> => {
  const { db } = server.database;
  const runIds = (await db.select({ id: agentRun.id }).from(agentRun).where(eq(agentRun.agentId, agentId))).map(
    (row) => row.id,
  );
  if (runIds.length === 0) return [];
  const deliveryIds = (await db.select({ id: delivery.id }).from(delivery).where(inArray(delivery.runId, runIds))).map(
    (row) => row.id,
  );
  const ids = sql.join(
    [...runIds, ...deliveryIds].map((id) => sql`${id}`),
    sql`, `,
  );
  return queryRows<QueuedJob>(
    db,
    sql`SELECT name, state FROM pgboss.job
        WHERE coalesce(data->>'runId', data->>'deliveryId') IN (${ids}) ORDER BY created_on, id`,
  );
};

/**
 * Whether every job about the agent's runs has finished, and there is at least one. A test that asserts something
 * did *not* happen (no e-mail, no post) waits for this — the sign that the work is done — rather than a fixed time.
 */
export const agentJobsFinished = async (server: TestServer, agentId: string) => {
  const jobs = await jobsOfAgent(server, agentId);
  return jobs.length > 0 && jobs.every((job) => FINISHED.includes(job.state));
};
