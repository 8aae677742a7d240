import { z } from 'zod';
import { defineJob } from '../../integrations/queue/job-definition.ts';

/**
 * Sends one webhook delivery's next attempt. Queued with the delivery (in the transaction that records the event)
 * and again, for its next attempt's time, in the transaction that records each failure. Its retries cover a worker
 * that died mid-request: pg-boss fails the job once it expires, and the retry takes the delivery over after its
 * lease. Duplicates are harmless: an attempt is made only when the delivery is pending, due and not leased.
 */
export const DELIVER_WEBHOOK_JOB = defineJob({
  name: 'deliver-webhook',
  payload: z.object({ deliveryId: z.uuid() }),
  retryLimit: 5,
});

/** Longer than a request and its recording can take; past it pg-boss counts the job as lost and retries it. */
const EXPIRE_IN_SECONDS = 120;
/** The first retry of a lost job comes after the delivery's lease (60 s) has run out. */
const RETRY_DELAY_SECONDS = 60;

/** The job for a delivery's attempt at `startAfter` (now when absent), for pg-boss `insert`. */
export const deliverWebhookJob = (deliveryId: string, startAfter?: Date) => ({
  data: { deliveryId },
  retryLimit: DELIVER_WEBHOOK_JOB.retryLimit,
  retryDelay: RETRY_DELAY_SECONDS,
  retryBackoff: true,
  expireInSeconds: EXPIRE_IN_SECONDS,
  ...(startAfter && { startAfter }),
});
