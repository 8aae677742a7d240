import { and, eq, ne, sql } from 'drizzle-orm';
import type { Database } from '@agentcast/db/client';
import { webhookDelivery, webhookEndpoint, type WebhookDeliveryRow } from '@agentcast/db/schema/webhooks';
import { WEBHOOK_REQUESTS_PER_ACCOUNT } from './deliver-webhook-job.ts';

/**
 * The later of the worker's clock and the database's: pg-boss starts a job by the database's clock, so a delivery
 * it wakes is due by that clock even when the worker's runs a little behind; tests move the worker's ahead.
 */
const latest = (now: Date) => sql`greatest(${now.toISOString()}::timestamptz, now())`;

export type ClaimedWebhookDelivery =
  | { kind: 'claimed'; delivery: WebhookDeliveryRow; endpoint: typeof webhookEndpoint.$inferSelect }
  /** Another worker's request is out (or its worker died and the lease has not run out yet). */
  | { kind: 'busy' }
  /** Due and free, but the account already has its share of requests out: to be tried again shortly. */
  | { kind: 'over-share'; workspaceId: string }
  /** Delivered, failed, deleted, or not due yet (a newer job is queued for its time). */
  | { kind: 'nothing' };

/**
 * Takes a pending, due delivery for `leaseMs`, with its endpoint, unless its account already has
 * WEBHOOK_REQUESTS_PER_ACCOUNT requests out. The account's leases are counted and this one taken under a lock on the
 * account, so that workers claiming at once, in any process, cannot together pass the share.
 */
export const claimWebhookDelivery = async (
  db: Database,
  { deliveryId, now, leaseMs }: { deliveryId: string; now: Date; leaseMs: number },
): Promise<ClaimedWebhookDelivery> => {
  const outcome = await db.transaction(async (tx): Promise<ClaimedWebhookDelivery | WebhookDeliveryRow> => {
    const [owner] = await tx
      .select({ workspaceId: webhookDelivery.workspaceId })
      .from(webhookDelivery)
      .where(eq(webhookDelivery.id, deliveryId));
    if (!owner) return { kind: 'nothing' };
    await tx.execute(
      sql`SELECT pg_advisory_xact_lock(hashtextextended(${`webhook-requests:${owner.workspaceId}`}, 0))`,
    );
    const [state] = await tx
      .select({
        due: sql<boolean>`${webhookDelivery.status} = 'pending' AND ${webhookDelivery.nextAttemptAt} <= ${latest(now)}`,
        held: sql<boolean>`coalesce(${webhookDelivery.leaseUntil} > ${latest(now)}, false)`,
      })
      .from(webhookDelivery)
      .where(eq(webhookDelivery.id, deliveryId));
    if (!state?.due) return { kind: 'nothing' };
    if (state.held) return { kind: 'busy' };
    const [out] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(webhookDelivery)
      .where(
        and(
          eq(webhookDelivery.workspaceId, owner.workspaceId),
          sql`${webhookDelivery.leaseUntil} IS NOT NULL AND ${webhookDelivery.leaseUntil} > ${latest(now)}`,
          ne(webhookDelivery.id, deliveryId),
        ),
      );
    if ((out?.count ?? 0) >= WEBHOOK_REQUESTS_PER_ACCOUNT)
      return { kind: 'over-share', workspaceId: owner.workspaceId };
    // Checked again as it is taken: a disabled endpoint fails its pending deliveries without this lock.
    const [delivery] = await tx
      .update(webhookDelivery)
      .set({ leaseUntil: new Date(now.getTime() + leaseMs) })
      .where(
        sql`${webhookDelivery.id} = ${deliveryId} AND ${webhookDelivery.status} = 'pending'
          AND ${webhookDelivery.nextAttemptAt} <= ${latest(now)}
          AND (${webhookDelivery.leaseUntil} IS NULL OR ${webhookDelivery.leaseUntil} <= ${latest(now)})`,
      )
      .returning();
    return delivery ?? { kind: 'nothing' };
  });
  if ('kind' in outcome) return outcome;
  const [endpoint] = await db.select().from(webhookEndpoint).where(eq(webhookEndpoint.id, outcome.endpointId));
  return endpoint ? { kind: 'claimed', delivery: outcome, endpoint } : { kind: 'nothing' };
};
