import { and, eq, ne, sql } from 'drizzle-orm';
import { WEBHOOK_MESSAGES } from '@agentcast/contracts/webhooks';
import type { Database } from '@agentcast/db/client';
import {
  webhookAttempt,
  webhookDelivery,
  webhookEndpoint,
  type WebhookDeliveryRow,
} from '@agentcast/db/schema/webhooks';
import type { WebhookResponse } from '../../integrations/webhooks/send-webhook-request.ts';
import { DELIVER_WEBHOOK_JOB, deliverWebhookJob } from './deliver-webhook-job.ts';
import { NOTIFY_WEBHOOK_DISABLED_JOB } from './notify-webhook-disabled-job.ts';
import { nextWebhookAttemptAt } from './webhook-retry-schedule.ts';
import type { WebhookServices } from './webhook-services.ts';
import { sendJob, sendJobs } from '../../integrations/queue/send-job.ts';

const HOUR_MS = 3_600_000;

const errorOf = (response: WebhookResponse) =>
  response.status === null ? response.error : response.ok ? null : `The receiver answered ${response.status}.`;

/**
 * Disables an endpoint whose deliveries have failed since at least `disableAfterMs` ago, fails what it still had
 * pending, and queues the e-mail to its owner — once: only the statement that turns it off goes on.
 */
const disableIfFailingTooLong = async (
  tx: Database,
  services: WebhookServices,
  { endpointId, deliveryId, now }: { endpointId: string; deliveryId: string; now: Date },
) => {
  const { disableAfterMs } = services.timing;
  const reason = WEBHOOK_MESSAGES.disabledAfterFailures(Math.round(disableAfterMs / HOUR_MS) || 24);
  const [disabled] = await tx
    .update(webhookEndpoint)
    .set({ enabled: false, disabledAt: now, disabledReason: reason, updatedAt: now })
    .where(
      and(
        eq(webhookEndpoint.id, endpointId),
        eq(webhookEndpoint.enabled, true),
        sql`${webhookEndpoint.failingSince} <= ${new Date(now.getTime() - disableAfterMs).toISOString()}::timestamptz`,
      ),
    )
    .returning({ id: webhookEndpoint.id });
  if (!disabled) return false;
  await tx
    .update(webhookDelivery)
    .set({ status: 'failed', nextAttemptAt: null, error: WEBHOOK_MESSAGES.endpointDisabled })
    .where(
      and(
        eq(webhookDelivery.endpointId, endpointId),
        eq(webhookDelivery.status, 'pending'),
        ne(webhookDelivery.id, deliveryId),
      ),
    );
  await sendJob(services.queue, NOTIFY_WEBHOOK_DISABLED_JOB, { endpointId }, { tx });
  return true;
};

/**
 * Records one attempt in one transaction: its log line; the delivery delivered, pending until its next attempt
 * (queued here, so that a crash can lose neither), or failed once the schedule is over; the endpoint's failing
 * streak started or cleared, and the endpoint disabled when the streak has lasted too long. Deliveries older than
 * the log keeps are let go on the way.
 */
export const recordWebhookAttempt = async (
  services: WebhookServices,
  { delivery, response, attemptedAt }: { delivery: WebhookDeliveryRow; response: WebhookResponse; attemptedAt: Date },
) => {
  const { timing } = services;
  const attempts = delivery.attempts + 1;
  const error = errorOf(response);
  const nextAt = response.ok
    ? null
    : nextWebhookAttemptAt({ attempts, createdAt: delivery.createdAt, now: attemptedAt }, timing);
  await services.db.transaction(async (tx) => {
    const endpointId = delivery.endpointId;
    const [updated] = await tx
      .update(webhookDelivery)
      .set({
        status: response.ok ? 'delivered' : nextAt ? 'pending' : 'failed',
        attempts,
        nextAttemptAt: nextAt,
        leaseUntil: null,
        lastAttemptAt: attemptedAt,
        responseStatus: response.status,
        error,
        ...(response.ok && { deliveredAt: attemptedAt }),
      })
      // Still ours: a worker that took longer than its lease has been overtaken and records nothing.
      .where(and(eq(webhookDelivery.id, delivery.id), eq(webhookDelivery.leaseUntil, delivery.leaseUntil!)))
      .returning({ id: webhookDelivery.id });
    if (!updated) return;
    await tx.insert(webhookAttempt).values({
      deliveryId: delivery.id,
      attemptedAt,
      responseStatus: response.status,
      error,
      responseExcerpt: response.status === null ? null : response.excerpt || null,
      durationMs: response.durationMs,
    });
    if (response.ok) {
      await tx
        .update(webhookEndpoint)
        .set({ failingSince: null })
        .where(and(eq(webhookEndpoint.id, endpointId), sql`${webhookEndpoint.failingSince} IS NOT NULL`));
    } else {
      // The streak is counted from the event that first failed, so the last attempt of its 24-hour schedule is
      // always late enough to disable an endpoint that never answered.
      await tx
        .update(webhookEndpoint)
        .set({
          failingSince: sql`coalesce(${webhookEndpoint.failingSince}, ${delivery.createdAt.toISOString()}::timestamptz)`,
        })
        .where(eq(webhookEndpoint.id, endpointId));
      const disabled = await disableIfFailingTooLong(tx, services, {
        endpointId,
        deliveryId: delivery.id,
        now: attemptedAt,
      });
      if (disabled && nextAt) {
        await tx
          .update(webhookDelivery)
          .set({ status: 'failed', nextAttemptAt: null })
          .where(eq(webhookDelivery.id, delivery.id));
      } else if (nextAt) {
        await sendJobs(services.queue, DELIVER_WEBHOOK_JOB, [deliverWebhookJob(delivery, nextAt)], { tx });
      }
    }
    await tx
      .delete(webhookDelivery)
      .where(
        and(
          eq(webhookDelivery.endpointId, endpointId),
          sql`${webhookDelivery.createdAt} < ${new Date(attemptedAt.getTime() - timing.keepDeliveriesMs).toISOString()}::timestamptz`,
        ),
      );
  });
};
