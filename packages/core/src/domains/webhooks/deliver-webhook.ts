import { eq } from 'drizzle-orm';
import { WEBHOOK_HEADERS, WEBHOOK_MESSAGES } from '@agentcast/contracts/webhooks';
import { webhookDelivery } from '@agentcast/db/schema/webhooks';
import { sendWebhookRequest } from '../../integrations/webhooks/send-webhook-request.ts';
import { signWebhook } from '../../integrations/webhooks/webhook-signature.ts';
import { claimWebhookDelivery } from './claim-webhook-delivery.ts';
import { DELIVER_WEBHOOK_JOB, deliverWebhookJob } from './deliver-webhook-job.ts';
import { recordWebhookAttempt } from './record-webhook-attempt.ts';
import { signingSecrets } from './webhook-secrets.ts';
import type { WebhookServices } from './webhook-services.ts';
import { sendJobs } from '../../integrations/queue/send-job.ts';

/**
 * The deliver-webhook job: one attempt of one delivery. Signs the body afresh (a new `webhook-timestamp`, the same
 * `webhook-id`), POSTs it, and records the outcome with the next attempt. A delivery another worker holds is left
 * to the job's retry (the throw), so that one whose worker died is taken over once its lease runs out; one whose
 * account already has its share of requests out is queued again a moment later.
 */
export const deliverWebhook = async (services: WebhookServices, { deliveryId }: { deliveryId: string }) => {
  const { db, timing } = services;
  const at = services.now();
  const claim = await claimWebhookDelivery(db, { deliveryId, now: at, leaseMs: timing.leaseMs });
  if (claim.kind === 'busy') throw new Error(`Webhook delivery ${deliveryId} is held by another worker`);
  if (claim.kind === 'nothing') return;
  if (claim.kind === 'over-share') {
    // Only when fetches made at once let the account's group past its share: a new job, not this one's retry,
    // whose delay is for lost workers and whose attempts are few.
    await sendJobs(services.queue, DELIVER_WEBHOOK_JOB, [
      deliverWebhookJob(
        { id: deliveryId, workspaceId: claim.workspaceId },
        new Date(at.getTime() + timing.shareRetryMs),
      ),
    ]);
    services.logger.debug({ deliveryId }, 'Webhook delivery put back: its account has its share of requests out');
    return;
  }
  const { delivery, endpoint } = claim;
  if (!endpoint.enabled) {
    await db
      .update(webhookDelivery)
      .set({ status: 'failed', nextAttemptAt: null, leaseUntil: null, error: WEBHOOK_MESSAGES.endpointDisabled })
      .where(eq(webhookDelivery.id, delivery.id));
    return;
  }
  const body = JSON.stringify(delivery.payload);
  const timestamp = Math.floor(at.getTime() / 1000);
  const signature = signWebhook({
    secrets: signingSecrets(services.secretBox, endpoint, at),
    id: delivery.messageId,
    timestamp,
    body,
  });
  const response = await sendWebhookRequest({
    url: endpoint.url,
    headers: {
      [WEBHOOK_HEADERS.id]: delivery.messageId,
      [WEBHOOK_HEADERS.timestamp]: String(timestamp),
      [WEBHOOK_HEADERS.signature]: signature,
    },
    body,
    timeoutMs: timing.requestTimeoutMs,
    policy: services.targets,
    resolve: services.resolveHost,
  });
  await recordWebhookAttempt(services, { delivery, response, attemptedAt: at });
  services.logger.debug({ deliveryId, status: response.status, ok: response.ok }, 'Webhook attempt made');
};
