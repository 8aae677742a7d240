import { canLookUpPosts, PUBLISHING_MESSAGES } from '@agentcast/contracts/publishing';
import type { DeliveryRow } from '@agentcast/db/schema/runs';
import { NOTIFY_PUBLISH_FAILED_JOB } from '../../notifications/notify-publish-failed-job.ts';
import { tellDeliveryWebhooks } from '../shared/delivery-webhook-events.ts';
import { backoffDelay } from './backoff-delay.ts';
import { PUBLISH_DELIVERY_JOB } from './publish-delivery-job.ts';
import type { PublishingServices } from './publishing-services.ts';
import { updateDelivery } from './update-delivery.ts';
import { sendJob } from '../../../integrations/queue/send-job.ts';

/** How a delivery's step ends when it does not end posted: given up, tried again later, or looked for later. */

const wakeAt = (services: PublishingServices, deliveryId: string, at: Date) =>
  sendJob(services.queue, PUBLISH_DELIVERY_JOB, { deliveryId }, { startAfter: at });

/**
 * Gives the delivery up, tells the account's webhooks (post.failed), and has its owner told by e-mail (unless they
 * turned it off) through the queue. `notify: false` for what the owner already sees on the dashboard and would
 * otherwise hear of by e-mail with every post (a budget); a webhook is told all the same.
 */
export const failDelivery = async (
  services: PublishingServices,
  row: DeliveryRow,
  error: string,
  { notify = true } = {},
) => {
  const failed = await updateDelivery(services, row, {
    status: 'failed',
    error,
    leaseUntil: null,
    nextAttemptAt: null,
  });
  await tellDeliveryWebhooks(services, 'post.failed', [failed]);
  if (!notify) return failed;
  // A notification that cannot be queued must not undo or repeat the publishing work: it is logged and let go.
  await sendJob(services.queue, NOTIFY_PUBLISH_FAILED_JOB, { deliveryId: row.id }, { singletonKey: row.id }).catch(
    (queueError: unknown) =>
      services.logger.warn({ err: queueError, deliveryId: row.id }, 'Could not queue the publish-failed e-mail'),
  );
  return failed;
};

/**
 * A transient failure: try again after the platform's retry time or a backoff, unless attempts are used up. The
 * delivery goes back to `ready` (nothing was published), or stays `unknown` when it failed while reconciling: the
 * next attempt must then reconcile again before it may post. A thread keeps the parts already posted.
 */
export const retryDeliveryLater = async (
  services: PublishingServices,
  row: DeliveryRow,
  { status, error, retryAt }: { status: 'ready' | 'unknown'; error: string; retryAt?: Date },
) => {
  const { timing } = services;
  if (row.attempts >= timing.maxAttempts)
    return failDelivery(services, row, `Gave up after ${row.attempts} attempts: ${error}`);
  const at =
    retryAt ??
    new Date(
      services.now().getTime() + backoffDelay(row.attempts, { baseMs: timing.backoffMs, maxMs: timing.maxBackoffMs }),
    );
  const updated = await updateDelivery(services, row, { status, error, leaseUntil: null, nextAttemptAt: at });
  await wakeAt(services, row.id, at);
  return updated;
};

/**
 * The post may exist: look for it after the reconcile delay, instead of posting again. Where the platform cannot be
 * asked (Telegram, Discord), the delivery stops at once with a note asking the person to look, and waits for their
 * "Post again": a resend nobody checked could post it twice.
 */
export const markDeliveryUnknown = async (services: PublishingServices, row: DeliveryRow) => {
  if (!canLookUpPosts(row.platform))
    return failDelivery(services, row, PUBLISHING_MESSAGES.unknownOutcomeToCheck(row.platform));
  const at = new Date(services.now().getTime() + services.timing.reconcileDelayMs);
  const updated = await updateDelivery(services, row, {
    status: 'unknown',
    error: PUBLISHING_MESSAGES.unknownOutcome(row.platform),
    leaseUntil: null,
    nextAttemptAt: at,
  });
  await wakeAt(services, row.id, at);
  return updated;
};
