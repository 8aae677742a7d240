import { z } from 'zod';
import { defineJob } from '../../integrations/queue/job-definition.ts';

/**
 * Tells the owner that a delivery failed for good. Queued by publishing when it gives a delivery up, so that a slow
 * or failing mail server never holds up publishing; retried a few times when the mail server fails.
 */
export const NOTIFY_PUBLISH_FAILED_JOB = defineJob({
  name: 'notify-publish-failed',
  payload: z.object({ deliveryId: z.uuid() }),
  retryLimit: 3,
});
