import { z } from 'zod';
import { defineJob } from '../../../integrations/queue/job-definition.ts';
import type { RunServices } from '../write/run-services.ts';

/**
 * Writes another version of a waiting draft from the same brief (Regenerate in the Review tab). The request that
 * sent it waits for `draft.regenerated` or `draft.regenerate-failed` under its `requestId`. Not retried: the person
 * is waiting and can ask again.
 */
export const REGENERATE_DRAFT_JOB = defineJob({
  name: 'regenerate-draft',
  payload: z.object({ runId: z.uuid(), requestId: z.uuid() }),
  retryLimit: 0,
  notify: true,
  // Someone waits for it in the Review tab.
  work: { pollingIntervalSeconds: 0.5, localConcurrency: 2 },
  handler: async () => {
    const { workRegenerateDraftJob } = await import('./work-regenerate-draft-job.ts');
    return { each: (services: RunServices, payload) => workRegenerateDraftJob(services, payload) };
  },
});
