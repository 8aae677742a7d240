import { z } from 'zod';
import { defineJob } from '../../integrations/queue/job-definition.ts';
import type { SendOptions } from '../../integrations/queue/send-job.ts';
import type { WebhookServices } from './webhook-services.ts';

/**
 * Requests one account may have out at once, across every worker process: the worker's fair share per account.
 * Each job is queued in the account's pg-boss group, and the queue is worked with this `groupConcurrency`, so that
 * one account's slow or failing endpoints (each request may wait 10 s) leave the other slots to other accounts.
 * pg-boss counts a group's active jobs in each fetch's snapshot, so fetches made at once on PostgreSQL can let a
 * group past it; the claim (claimWebhookDelivery) holds the exact line, counting the account's leases under a lock.
 */
export const WEBHOOK_REQUESTS_PER_ACCOUNT = 4;

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
  retryBackoff: true,
  // The first retry of a lost job comes after the delivery's lease (60 s) has run out.
  retryDelaySeconds: 60,
  // Longer than a request and its recording can take; past it pg-boss counts the job as lost and retries it.
  expireInSeconds: 120,
  // A webhook's first attempt is meant to go out at once.
  notify: true,
  // Webhook requests wait on receivers (10 s at most each): up to 20 out at once per process, one job per worker, and
  // at most WEBHOOK_REQUESTS_PER_ACCOUNT of them for one account, counted by pg-boss over every process (each job is
  // in its account's group). One job per fetch because a worker waits for its whole batch: with batches, a hanging
  // receiver held the rest of its batch, and two fetches at once on PostgreSQL each took an account's share.
  work: {
    batchSize: 1,
    localConcurrency: 20,
    groupConcurrency: WEBHOOK_REQUESTS_PER_ACCOUNT,
    pollingIntervalSeconds: 0.5,
    notifyPollingIntervalSeconds: 1,
  },
  handler: async () => {
    const { deliverWebhook } = await import('./deliver-webhook.ts');
    return { each: (services: WebhookServices, payload) => deliverWebhook(services, payload) };
  },
});

/**
 * The job for a delivery's attempt at `startAfter` (now when absent), for sendJobs, in its account's group. Jobs
 * queued before groups were used have none; they are worked all the same, and their claim keeps the share.
 */
export const deliverWebhookJob = (
  delivery: { id: string; workspaceId: string },
  startAfter?: Date,
): { payload: { deliveryId: string } } & SendOptions => ({
  payload: { deliveryId: delivery.id },
  group: { id: delivery.workspaceId },
  ...(startAfter && { startAfter }),
});
