import { z } from 'zod';
import { defineJob } from '../../integrations/queue/job-definition.ts';
import type { NotificationServices } from './notification-services.ts';

/**
 * Tells the owner that a delivery failed for good. Queued by publishing when it gives a delivery up, so that a slow
 * or failing mail server never holds up publishing; retried a few times when the mail server fails.
 */
export const NOTIFY_PUBLISH_FAILED_JOB = defineJob({
  name: 'notify-publish-failed',
  payload: z.object({ deliveryId: z.uuid() }),
  retryLimit: 3,
  retryBackoff: true,
  work: { pollingIntervalSeconds: 2, batchSize: 10 },
  handler: async () => {
    const { notifyPublishFailed } = await import('./notify-publish-failed.ts');
    return { each: (services: NotificationServices, payload) => notifyPublishFailed(services, payload) };
  },
});
