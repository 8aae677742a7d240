import { z } from 'zod';
import { BUSY_QUEUE, defineJob } from '../../../integrations/queue/job-definition.ts';
import type { PublishingServices } from './publishing-services.ts';

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
  notify: true,
  work: BUSY_QUEUE,
  // A delivery's retries are its own (next_attempt_at), so the job always completes.
  handler: async () => {
    const { publishDeliveries } = await import('./publish-deliveries.ts');
    return {
      batch: async (services: PublishingServices, jobs) => {
        await publishDeliveries(
          services,
          jobs.map((job) => job.payload),
        );
      },
    };
  },
});
