import { sql } from 'drizzle-orm';
import { DRAFT_MESSAGES } from '@agentcast/contracts/drafts';
import type { Database } from '@agentcast/db/client';
import { queryRows } from '@agentcast/db/query-rows';
import type { EventBus } from '../../../integrations/events/event-bus.ts';
import { refundQuota } from '../../plans/consume-quota.ts';
import { showDeliveries } from '../publish/show-deliveries.ts';

/** `held_day`: the day whose quota it holds (heldQuotaDay's rule: its quota day, else its creation's UTC day). */
type ExpiredRun = { id: string; workspace_id: string; kind: string; held_day: string };

/**
 * Issue 36 §3: a draft whose chosen time (the composer's, one set in Review, a reschedule) passed before every
 * approval was given is never published. It becomes `expired`, its deliveries too, the day's quota it held is given
 * back, and its terminal entry says why; the Review tab lists it with "Reschedule". A draft without a chosen time
 * goes out when it is approved and does not expire. Drafts being approved right now are left to the next pass.
 */
export const expireLateDrafts = async (
  { db, events }: { db: Database; events: EventBus },
  { now, limit }: { now: Date; limit: number },
) => {
  const at = now.toISOString();
  const expired = await db.transaction(async (tx) => {
    const runs = await queryRows<ExpiredRun>(
      tx,
      sql`
        UPDATE agent_run SET status = 'expired', updated_at = ${at}::timestamptz
        WHERE id IN (
          SELECT id FROM agent_run
          WHERE status = 'awaiting_review' AND time_chosen AND publish_at <= ${at}::timestamptz
          ORDER BY publish_at LIMIT ${limit} FOR UPDATE SKIP LOCKED)
        RETURNING id, workspace_id, kind,
          coalesce(quota_day, (created_at AT TIME ZONE 'UTC')::date)::text AS held_day`,
    );
    if (runs.length === 0) return [];
    const ids = sql.join(
      runs.map((run) => sql`${run.id}::uuid`),
      sql`, `,
    );
    await tx.execute(sql`
      UPDATE delivery SET status = 'expired', lease_until = NULL, updated_at = ${at}::timestamptz
      WHERE run_id IN (${ids}) AND status = 'awaiting_review'`);
    await tx.execute(sql`
      UPDATE terminal_message SET notes = notes || ${JSON.stringify([DRAFT_MESSAGES.expired])}::jsonb
      WHERE message_id IN (SELECT terminal_message_id FROM agent_run WHERE id IN (${ids}))`);
    for (const run of runs) {
      await refundQuota(tx, {
        workspaceId: run.workspace_id,
        kind: run.kind === 'reply' ? 'replies' : 'posts',
        day: run.held_day,
      });
    }
    return runs;
  });
  if (expired.length > 0)
    await showDeliveries(
      { db, events },
      expired.map((run) => run.id),
    );
  return expired.length;
};
