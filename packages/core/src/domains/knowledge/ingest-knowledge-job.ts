import { z } from 'zod';
import { defineJob } from '../../integrations/queue/job-definition.ts';
import type { IngestionServices } from './work-ingest-knowledge-job.ts';

/** Indexes one knowledge source (a training PDF or the custom context). Sent once per source; safe to repeat. */
export const INGEST_KNOWLEDGE_JOB = defineJob({
  name: 'ingest-knowledge',
  payload: z.object({ sourceId: z.uuid() }),
  retryLimit: 3,
  retryBackoff: true,
  notify: true,
  // Indexing is CPU-bound (PDF parsing): one file at a time per worker process.
  work: { pollingIntervalSeconds: 2 },
  handler: async () => {
    const { workIngestKnowledgeJob } = await import('./work-ingest-knowledge-job.ts');
    return {
      each: (services: IngestionServices, payload, attempt) => workIngestKnowledgeJob(services, payload, attempt),
    };
  },
});
