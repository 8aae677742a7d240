import { eq, sql } from 'drizzle-orm';
import type { Database } from '@agentcast/db/client';
import { webhookDelivery, webhookEndpoint, type WebhookDeliveryRow } from '@agentcast/db/schema/webhooks';

/**
 * The later of the worker's clock and the database's: pg-boss starts a job by the database's clock, so a delivery
 * it wakes is due by that clock even when the worker's runs a little behind; tests move the worker's ahead.
 */
const latest = (now: Date) => sql`greatest(${now.toISOString()}::timestamptz, now())`;

export type ClaimedWebhookDelivery =
  | { kind: 'claimed'; delivery: WebhookDeliveryRow; endpoint: typeof webhookEndpoint.$inferSelect }
  /** Another worker's request is out (or its worker died and the lease has not run out yet). */
  | { kind: 'busy' }
  /** Delivered, failed, deleted, or not due yet (a newer job is queued for its time). */
  | { kind: 'nothing' };

/** Takes a pending, due delivery for `leaseMs`, with its endpoint. */
export const claimWebhookDelivery = async (
  db: Database,
  { deliveryId, now, leaseMs }: { deliveryId: string; now: Date; leaseMs: number },
): Promise<ClaimedWebhookDelivery> => {
  const [delivery] = await db
    .update(webhookDelivery)
    .set({ leaseUntil: new Date(now.getTime() + leaseMs) })
    .where(
      sql`${webhookDelivery.id} = ${deliveryId} AND ${webhookDelivery.status} = 'pending'
        AND ${webhookDelivery.nextAttemptAt} <= ${latest(now)}
        AND (${webhookDelivery.leaseUntil} IS NULL OR ${webhookDelivery.leaseUntil} <= ${latest(now)})`,
    )
    .returning();
  if (!delivery) {
    const [held] = await db
      .select({ id: webhookDelivery.id })
      .from(webhookDelivery)
      .where(
        sql`${webhookDelivery.id} = ${deliveryId} AND ${webhookDelivery.status} = 'pending'
          AND ${webhookDelivery.nextAttemptAt} <= ${latest(now)} AND ${webhookDelivery.leaseUntil} > ${latest(now)}`,
      );
    return held ? { kind: 'busy' } : { kind: 'nothing' };
  }
  const [endpoint] = await db.select().from(webhookEndpoint).where(eq(webhookEndpoint.id, delivery.endpointId));
  return endpoint ? { kind: 'claimed', delivery, endpoint } : { kind: 'nothing' };
};
