import { sql } from 'drizzle-orm';
import type { Database } from '@agentcast/db/client';
import { queryRows } from '@agentcast/db/query-rows';

/** Timestamps in the snapshot as the API writes them everywhere: ISO 8601 in UTC, with milliseconds. */
const ISO_UTC = sql.raw(`'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'`);

export type RefreshedMessage = { messageId: string; workspaceId: string; agentId: string; runId: string };

/**
 * Copies the runs' delivery records into their terminal messages (terminal first, then by platform), with each
 * published post's latest metrics, so that a page of the terminal stays one query. Returns the messages it updated
 * (a run may have none yet).
 */
export const refreshDeliverySnapshots = async (db: Database, runIds: string[]): Promise<RefreshedMessage[]> => {
  if (runIds.length === 0) return [];
  const rows = await queryRows<{ message_id: string; workspace_id: string; agent_id: string; run_id: string }>(
    db,
    sql`
    UPDATE terminal_message SET deliveries = (
      SELECT coalesce(jsonb_agg(jsonb_strip_nulls(jsonb_build_object(
          'platform', platform, 'status', status, 'error', error, 'url', url, 'attempts', attempts,
          'next_attempt_at', CASE WHEN status = 'ready' THEN to_char(next_attempt_at AT TIME ZONE 'UTC', ${ISO_UTC}) END,
          'removed_at', to_char(removed_at AT TIME ZONE 'UTC', ${ISO_UTC}),
          'thread_length', CASE WHEN thread_length > 1 THEN thread_length END,
          'thread_posted', CASE WHEN thread_length > 1 THEN jsonb_array_length(thread_posts) END,
          'metrics', CASE WHEN metrics_read_at IS NOT NULL THEN jsonb_build_object(
            'metrics', metrics, 'engagement', metrics_engagement,
            'read_at', to_char(metrics_read_at AT TIME ZONE 'UTC', ${ISO_UTC})) END))
        ORDER BY platform <> 'terminal', platform), '[]'::jsonb)
      FROM delivery WHERE delivery.run_id = terminal_message.run_id)
    WHERE run_id IN (${sql.join(
      runIds.map((id) => sql`${id}::uuid`),
      sql`, `,
    )})
    RETURNING message_id, workspace_id, agent_id, run_id`,
  );
  return rows.map((row) => ({
    messageId: row.message_id,
    workspaceId: row.workspace_id,
    agentId: row.agent_id,
    runId: row.run_id,
  }));
};

/** refreshDeliverySnapshots for one run: its message, if it has one yet. */
export const refreshDeliverySnapshot = async (db: Database, runId: string) =>
  (await refreshDeliverySnapshots(db, [runId]))[0] ?? null;
