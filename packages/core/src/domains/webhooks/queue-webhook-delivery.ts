import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { WEBHOOK_MESSAGES, WEBHOOK_TEST_EVENT, type WebhookDelivery } from '@agentcast/contracts/webhooks';
import { webhookDelivery } from '@agentcast/db/schema/webhooks';
import { transactionExecutor } from '../../integrations/queue/transaction-executor.ts';
import { webhookMessageId } from '../../integrations/webhooks/webhook-signature.ts';
import { AppError } from '../../kernel/app-error.ts';
import { isUuid } from '../../kernel/is-uuid.ts';
import { DELIVER_WEBHOOK_JOB, deliverWebhookJob } from './deliver-webhook-job.ts';
import { webhookPayload } from './emit-webhook-events.ts';
import { findOwnedEndpoint } from './find-owned-endpoint.ts';
import { withAttempts } from './list-webhook-deliveries.ts';
import type { WebhookServices } from './webhook-services.ts';

type Owned = { userId: string; endpointId: string };

/** The endpoint, if events may be sent to it now. */
const enabledEndpoint = async (services: WebhookServices, owned: Owned) => {
  const endpoint = await findOwnedEndpoint(services.db, owned);
  if (!endpoint.enabled) throw new AppError('CONFLICT', WEBHOOK_MESSAGES.endpointDisabled);
  return endpoint;
};

/**
 * Resend: the same message (its `webhook-id`, type and body) goes out again now, signed afresh. A delivery still
 * within its schedule keeps it; one past it gets this one attempt.
 */
export const resendWebhookDelivery = async (
  services: WebhookServices,
  { deliveryId, ...owned }: Owned & { deliveryId: string },
): Promise<WebhookDelivery> => {
  const endpoint = await enabledEndpoint(services, owned);
  if (!isUuid(deliveryId)) throw new AppError('NOT_FOUND', WEBHOOK_MESSAGES.deliveryNotFound);
  const at = services.now();
  const row = await services.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(webhookDelivery)
      .set({ status: 'pending', nextAttemptAt: at })
      .where(and(eq(webhookDelivery.id, deliveryId), eq(webhookDelivery.endpointId, endpoint.id)))
      .returning();
    if (!updated) throw new AppError('NOT_FOUND', WEBHOOK_MESSAGES.deliveryNotFound);
    await services.queue.insert(DELIVER_WEBHOOK_JOB.name, [deliverWebhookJob(updated.id)], {
      db: transactionExecutor(tx),
    });
    return updated;
  });
  const [json] = await withAttempts(services.db, [row]);
  return json!;
};

/** Send test event: a `webhook.test` message to this endpoint alone, whatever it subscribes to. */
export const sendTestWebhook = async (services: WebhookServices, owned: Owned): Promise<WebhookDelivery> => {
  const endpoint = await enabledEndpoint(services, owned);
  const at = services.now();
  const row = await services.db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(webhookDelivery)
      .values({
        endpointId: endpoint.id,
        userId: endpoint.userId,
        messageId: webhookMessageId(`${WEBHOOK_TEST_EVENT}:${randomUUID()}`),
        eventType: WEBHOOK_TEST_EVENT,
        payload: webhookPayload(WEBHOOK_TEST_EVENT, at, {
          endpoint_id: endpoint.id,
          message: WEBHOOK_MESSAGES.testEvent,
        }),
        nextAttemptAt: at,
        createdAt: at,
      })
      .returning();
    await services.queue.insert(DELIVER_WEBHOOK_JOB.name, [deliverWebhookJob(inserted!.id)], {
      db: transactionExecutor(tx),
    });
    return inserted!;
  });
  return (await withAttempts(services.db, [row]))[0]!;
};
