import { sql } from 'drizzle-orm';
import type { Database } from '@agentcast/db/client';
import type { DeliveryRow } from '@agentcast/db/schema/runs';
import { delivery } from '@agentcast/db/schema/runs';

/**
 * Takes a delivery that needs work and is due, for `leaseMs`, or answers null (done, not due, or another worker has
 * it). A delivery found in `posting` after its lease ran out was being published by a worker that died or hung
 * during the platform call: whether the post exists is unknown, so it is claimed as `unknown`, to be reconciled.
 */
export const claimDelivery = async (
  db: Database,
  { deliveryId, now, leaseMs }: { deliveryId: string; now: Date; leaseMs: number },
) => {
  const at = sql`${now.toISOString()}::timestamptz`;
  const [row] = await db
    .update(delivery)
    .set({
      leaseUntil: new Date(now.getTime() + leaseMs),
      status: sql`CASE WHEN ${delivery.status} = 'posting' THEN 'unknown' ELSE ${delivery.status} END`,
      updatedAt: now,
    })
    .where(
      sql`${delivery.id} = ${deliveryId}
        AND ${delivery.status} IN ('ready', 'posting', 'unknown')
        AND (${delivery.leaseUntil} IS NULL OR ${delivery.leaseUntil} < ${at})
        AND (${delivery.nextAttemptAt} IS NULL OR ${delivery.nextAttemptAt} <= ${at})`,
    )
    .returning();
  return (row as DeliveryRow | undefined) ?? null;
};
