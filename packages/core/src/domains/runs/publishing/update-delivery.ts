import { eq } from 'drizzle-orm';
import { delivery, type DeliveryRow } from '@agentcast/db/schema/runs';
import type { PublishingServices } from './publishing-services.ts';
import { refreshDeliverySnapshot } from './refresh-delivery-snapshot.ts';

type DeliveryChanges = Partial<
  Pick<
    DeliveryRow,
    | 'status'
    | 'attempts'
    | 'nextAttemptAt'
    | 'leaseUntil'
    | 'postingStartedAt'
    | 'externalId'
    | 'url'
    | 'error'
    | 'threadPosts'
    | 'threadLength'
    | 'publishedAt'
    | 'metricsNextAt'
  >
>;

/**
 * Writes a delivery's new state and shows it: the terminal message's copy is refreshed and open terminals are told
 * (unless `show` is false: a state that lasts a moment, like `posting`, is not worth two more queries). Only the
 * worker holding the delivery's lease calls this.
 */
export const updateDelivery = async (
  services: Pick<PublishingServices, 'db' | 'events' | 'now' | 'quiet'>,
  row: DeliveryRow,
  changes: DeliveryChanges,
  { show = !services.quiet }: { show?: boolean } = {},
) => {
  const [updated] = await services.db
    .update(delivery)
    .set({ ...changes, updatedAt: services.now() })
    .where(eq(delivery.id, row.id))
    .returning();
  if (!show) return updated ?? row;
  const message = await refreshDeliverySnapshot(services.db, row.runId);
  if (message) await services.events.publish({ type: 'terminal.updated', ...message });
  return updated ?? row;
};
