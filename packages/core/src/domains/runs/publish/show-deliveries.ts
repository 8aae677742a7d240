import type { Database } from '@agentcast/db/client';
import type { EventBus } from '../../../integrations/events/event-bus.ts';
import { refreshDeliverySnapshots } from './refresh-delivery-snapshot.ts';

/**
 * The deliveries of many runs shown at once: one statement, and one event per updated message — how a batch
 * published together is shown (publishing-services.ts, `quiet`).
 */
export const showDeliveries = async ({ db, events }: { db: Database; events: EventBus }, runIds: string[]) => {
  const messages = await refreshDeliverySnapshots(db, runIds);
  await events.publishAll(
    messages.map(({ messageId, workspaceId, agentId }) => ({
      type: 'terminal.updated',
      messageId,
      workspaceId,
      agentId,
    })),
  );
};
