import { z } from 'zod';
import { defineJob } from '../../../integrations/queue/job-definition.ts';

/**
 * Writes another version of a waiting draft from the same brief (Regenerate in the Review tab). The request that
 * sent it waits for `draft.regenerated` or `draft.regenerate-failed` under its `requestId`. Not retried: the person
 * is waiting and can ask again.
 */
export const REGENERATE_DRAFT_JOB = defineJob({
  name: 'regenerate-draft',
  payload: z.object({ runId: z.uuid(), requestId: z.uuid() }),
  retryLimit: 0,
});
