import { sql } from 'drizzle-orm';
import type { Database } from '@agentcast/db/client';
import { queryRows } from '@agentcast/db/query-rows';

/** A published post whose metrics are due, as the collector reads it. */
export type DuePost = {
  deliveryId: string;
  runId: string;
  workspaceId: string;
  agentId: string;
  platform: string;
  /** The platform's id of the post (a thread's first post). */
  postId: string | null;
  publishedAt: Date;
  /** The agent's monthly budget in US dollars; null: no limit. */
  budgetUsd: number | null;
};

type Row = {
  id: string;
  run_id: string;
  workspace_id: string;
  agent_id: string;
  platform: string;
  external_id: string | null;
  published_at: string | Date;
  monthly_budget_usd: number | string | null;
};

/**
 * Takes up to `limit` published posts whose metrics are due, soonest first, for this worker: their next reading is
 * moved `leaseMs` ahead in the same statement, so other workers skip them (SKIP LOCKED while it runs, the new time
 * after), and a worker that dies mid-reading leaves them to be read again once that time comes.
 */
export const claimDueMetrics = async (
  db: Database,
  { now, limit, leaseMs }: { now: Date; limit: number; leaseMs: number },
): Promise<DuePost[]> => {
  const rows = await queryRows<Row>(
    db,
    sql`
    UPDATE delivery SET metrics_next_at = ${new Date(now.getTime() + leaseMs).toISOString()}::timestamptz
    FROM (
      SELECT id FROM delivery
      WHERE metrics_next_at <= ${now.toISOString()}::timestamptz AND status = 'posted'
      ORDER BY metrics_next_at
      LIMIT ${limit}
      FOR UPDATE SKIP LOCKED
    ) AS due, agent
    WHERE delivery.id = due.id AND agent.id = delivery.agent_id
    RETURNING delivery.id, delivery.run_id, delivery.workspace_id, delivery.agent_id, delivery.platform,
      delivery.external_id, coalesce(delivery.published_at, delivery.updated_at) AS published_at,
      agent.monthly_budget_usd`,
  );
  return rows.map((row) => ({
    deliveryId: row.id,
    runId: row.run_id,
    workspaceId: row.workspace_id,
    agentId: row.agent_id,
    platform: row.platform,
    postId: row.external_id,
    publishedAt: new Date(row.published_at),
    budgetUsd: row.monthly_budget_usd === null ? null : Number(row.monthly_budget_usd),
  }));
};
