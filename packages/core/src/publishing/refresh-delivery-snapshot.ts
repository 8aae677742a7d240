import { sql } from 'drizzle-orm';
import type { Database } from '@agentcast/db/client';

/**
 * Copies a run's delivery records into its terminal message (terminal first, then by platform), so that a page of
 * the terminal stays one query. Returns the message it updated, if the run has one yet.
 */
export const refreshDeliverySnapshot = async (db: Database, runId: string) => {
  const result = await db.execute(sql`
    UPDATE terminal_message SET deliveries = (
      SELECT coalesce(jsonb_agg(jsonb_strip_nulls(jsonb_build_object(
          'platform', platform, 'status', status, 'error', error, 'url', url, 'attempts', attempts))
        ORDER BY platform <> 'terminal', platform), '[]'::jsonb)
      FROM delivery WHERE run_id = ${runId})
    WHERE run_id = ${runId}
    RETURNING message_id, user_id, agent_id`);
  const [row] = (result as unknown as { rows: { message_id: string; user_id: string; agent_id: string }[] }).rows;
  return row ? { messageId: row.message_id, userId: row.user_id, agentId: row.agent_id } : null;
};

