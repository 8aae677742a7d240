import type { AgentRunRow, DeliveryRow } from '@agentcast/db/schema/runs';
import { publishDelivery } from './publish-delivery.ts';
import type { PublishingServices } from './publishing-services.ts';
import { showDeliveries } from './show-deliveries.ts';

/** A delivery to move on: by id (claimed here), or already leased by the worker that wrote its post. */
export type DeliveryToPublish = { deliveryId: string; claimed?: DeliveryRow; run?: AgentRunRow };

/**
 * The one way deliveries are published, by the worker that wrote the posts (right after, under the leases it took)
 * and by the publish-delivery job (retries, reconciliation, the sweeper's resends): each delivery moves on by
 * itself (publishDelivery), and the terminal shows the whole batch at once when they are done.
 */
export const publishDeliveries = async (services: PublishingServices, deliveries: DeliveryToPublish[]) => {
  const quietly = { ...services, quiet: true };
  const published = await Promise.all(
    deliveries.map((delivery) =>
      publishDelivery(quietly, delivery).catch((error: unknown) => {
        // The sweeper sends the delivery again once its lease has run out.
        services.logger.error(
          { err: error, deliveryId: delivery.deliveryId },
          'Publishing failed unexpectedly; the sweeper will retry it',
        );
        return null;
      }),
    ),
  );
  const runIds = new Set<string>();
  deliveries.forEach((delivery, index) => {
    const runId = published[index]?.runId ?? delivery.claimed?.runId;
    if (runId) runIds.add(runId);
  });
  for (const row of published) {
    if (row)
      services.logger.debug({ deliveryId: row.id, platform: row.platform, status: row.status }, 'Delivery moved on');
  }
  await showDeliveries(services, [...runIds]);
  return published;
};
