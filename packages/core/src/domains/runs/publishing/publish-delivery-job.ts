import { z } from 'zod';
import { defineJob } from '../../../integrations/queue/job-definition.ts';

/**
 * Moves one delivery on: post it, retry it, or reconcile an unknown outcome. Sent when a run's post is ready, at
 * each retry time, and by the sweeper for deliveries whose worker died. Duplicates are harmless: a delivery is
 * worked under a lease by one worker at a time, and only from a state that still needs work.
 */
export const PUBLISH_DELIVERY_JOB = defineJob({
  name: 'publish-delivery',
  payload: z.object({ deliveryId: z.uuid() }),
  // Retries are the delivery's own (next_attempt_at, with backoff), not the queue's.
  retryLimit: 0,
});
