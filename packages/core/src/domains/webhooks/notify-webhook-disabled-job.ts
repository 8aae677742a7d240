import { z } from 'zod';
import { defineJob } from '../../integrations/queue/job-definition.ts';
import type { WebhookWorkerServices } from './webhook-services.ts';

/**
 * E-mails the owner that an endpoint was disabled after failing for 24 hours. Queued in the transaction that
 * disables it (so exactly once per disabling), retried when the mail server fails.
 */
export const NOTIFY_WEBHOOK_DISABLED_JOB = defineJob({
  name: 'notify-webhook-disabled',
  payload: z.object({ endpointId: z.uuid() }),
  retryLimit: 3,
  retryBackoff: true,
  work: { pollingIntervalSeconds: 2, batchSize: 10 },
  handler: async () => {
    const { notifyWebhookDisabled } = await import('./notify-webhook-disabled.ts');
    return { each: (services: WebhookWorkerServices, payload) => notifyWebhookDisabled(services, payload) };
  },
});
