import { sql } from 'drizzle-orm';
import type { Database } from '@agentcast/db/client';
import type { EventBus } from '../events/event-bus.ts';

/**
 * refreshDeliverySnapshot for many runs in one statement, and one event per updated message: how a batch
 * published together is shown (publishing-services.ts, `quiet`).
 */
export const showDeliveries = async ({ db, events }: { db: Database; events: EventBus }, runIds: string[]) => {
  if (runIds.length === 0) return;
  const result = await db.execute(sql`
    UPDATE terminal_message SET deliveries = (
      SELECT coalesce(jsonb_agg(jsonb_strip_nulls(jsonb_build_object(
          'platform', platform, 'status', status, 'error', error, 'url', url, 'attempts', attempts))
        ORDER BY platform <> 'terminal', platform), '[]'::jsonb)
      FROM delivery WHERE delivery.run_id = terminal_message.run_id)
    WHERE run_id IN (${sql.join(runIds.map((id) => sql`${id}::uuid`), sql`, `)})
    RETURNING message_id, user_id, agent_id`);
  const rows = (result as unknown as { rows: { message_id: string; user_id: string; agent_id: string }[] }).rows;
  await events.publishAll(rows.map((row) => ({ type: 'terminal.updated', messageId: row.message_id, userId: row.user_id, agentId: row.agent_id })));
};
