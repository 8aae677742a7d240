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

/**
 * Requests one account may have out at once, across every worker process: the worker's fair share per account.
 * Each job is queued in the account's pg-boss group, and the queue is worked with this `groupConcurrency`, so that
 * one account's slow or failing endpoints (each request may wait 10 s) leave the other slots to other accounts.
 * pg-boss counts a group's active jobs in each fetch's snapshot, so fetches made at once on PostgreSQL can let a
 * group past it; the claim (claimWebhookDelivery) holds the exact line, counting the account's leases under a lock.
 */
export const WEBHOOK_REQUESTS_PER_ACCOUNT = 4;

/** Longer than a request and its recording can take; past it pg-boss counts the job as lost and retries it. */
const EXPIRE_IN_SECONDS = 120;
/** The first retry of a lost job comes after the delivery's lease (60 s) has run out. */
const RETRY_DELAY_SECONDS = 60;

/**
 * The job for a delivery's attempt at `startAfter` (now when absent), for pg-boss `insert`, in its account's group.
 * Jobs queued before groups were used have none; they are worked all the same, and their claim keeps the share.
 */
export const deliverWebhookJob = (delivery: { id: string; userId: string }, startAfter?: Date) => ({
  data: { deliveryId: delivery.id },
  group: { id: delivery.userId },
  retryLimit: DELIVER_WEBHOOK_JOB.retryLimit,
  retryDelay: RETRY_DELAY_SECONDS,
  retryBackoff: true,
  expireInSeconds: EXPIRE_IN_SECONDS,
  ...(startAfter && { startAfter }),
});
