import { z } from 'zod';
import { defineJob } from '../../integrations/queue/job-definition.ts';

/** Indexes one knowledge source (a training PDF or the custom context). Sent once per source; safe to repeat. */
export const INGEST_KNOWLEDGE_JOB = defineJob({
  name: 'ingest-knowledge',
  payload: z.object({ sourceId: z.uuid() }),
  retryLimit: 3,
});
