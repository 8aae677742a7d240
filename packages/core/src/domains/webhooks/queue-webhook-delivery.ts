import { randomUUID } from 'node:crypto';
import { and, desc, eq, lte, sql } from 'drizzle-orm';
import {
  WEBHOOK_MESSAGES,
  WEBHOOK_TEST_EVENT,
  WEBHOOK_TEST_LIMIT,
  type WebhookDelivery,
} from '@agentcast/contracts/webhooks';
import type { Database } from '@agentcast/db/client';
import { webhookDelivery, webhookTestSend } from '@agentcast/db/schema/webhooks';
import { webhookMessageId } from '../../integrations/webhooks/webhook-signature.ts';
import { AppError } from '../../kernel/app-error.ts';
import { isUuid } from '../../kernel/is-uuid.ts';
import { rateLimited } from '../accounts/auth-attempts.ts';
import { DELIVER_WEBHOOK_JOB, deliverWebhookJob } from './deliver-webhook-job.ts';
import { webhookPayload } from './emit-webhook-events.ts';
import { findOwnedEndpoint } from './find-owned-endpoint.ts';
import { withAttempts } from './list-webhook-deliveries.ts';
import type { WebhookServices } from './webhook-services.ts';
import { sendJobs } from '../../integrations/queue/send-job.ts';

type Owned = { workspaceId: string; endpointId: string };

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
    await sendJobs(services.queue, DELIVER_WEBHOOK_JOB, [deliverWebhookJob(updated)], { tx });
    return updated;
  });
  const [json] = await withAttempts(services.db, [row]);
  return json!;
};

const TEST_WINDOW_MS = WEBHOOK_TEST_LIMIT.windowSeconds * 1000;

/**
 * Takes one test event from the account's allowance, or throws RATE_LIMITED with the time the oldest send of the
 * window leaves it. Counted and written under a lock on the account, in the caller's transaction, so that sends
 * made at once cannot together pass the limit; a refused send writes nothing.
 */
const takeTestSend = async (tx: Database, workspaceId: string, now: Date) => {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`webhook-tests:${workspaceId}`}, 0))`);
  await tx
    .delete(webhookTestSend)
    .where(
      and(
        eq(webhookTestSend.workspaceId, workspaceId),
        lte(webhookTestSend.sentAt, new Date(now.getTime() - TEST_WINDOW_MS)),
      ),
    );
  const recent = await tx
    .select({ sentAt: webhookTestSend.sentAt })
    .from(webhookTestSend)
    .where(eq(webhookTestSend.workspaceId, workspaceId))
    .orderBy(desc(webhookTestSend.sentAt))
    .limit(WEBHOOK_TEST_LIMIT.events);
  const oldest = recent[WEBHOOK_TEST_LIMIT.events - 1];
  if (oldest) throw rateLimited(WEBHOOK_MESSAGES.tooManyTests, oldest.sentAt.getTime() + TEST_WINDOW_MS, now);
  await tx.insert(webhookTestSend).values({ workspaceId, sentAt: now });
};

/**
 * Send test event: a `webhook.test` message to this endpoint alone, whatever it subscribes to. An account sends at
 * most WEBHOOK_TEST_LIMIT of them a minute, to all its endpoints together.
 */
export const sendTestWebhook = async (services: WebhookServices, owned: Owned): Promise<WebhookDelivery> => {
  const endpoint = await enabledEndpoint(services, owned);
  const at = services.now();
  const row = await services.db.transaction(async (tx) => {
    await takeTestSend(tx, endpoint.workspaceId, at);
    const [inserted] = await tx
      .insert(webhookDelivery)
      .values({
        endpointId: endpoint.id,
        workspaceId: endpoint.workspaceId,
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
    await sendJobs(services.queue, DELIVER_WEBHOOK_JOB, [deliverWebhookJob(inserted!)], { tx });
    return inserted!;
  });
  return (await withAttempts(services.db, [row]))[0]!;
};
