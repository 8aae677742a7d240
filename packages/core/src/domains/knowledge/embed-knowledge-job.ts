import { z } from 'zod';
import { defineJob } from '../../integrations/queue/job-definition.ts';
import type { EmbeddingServices } from './work-embed-knowledge-job.ts';

/**
 * Embeds the chunks of one knowledge source that have no vector from the configured model yet. Queued after each
 * indexing and, at worker start, for every source with chunks missing one (embeddings turned on later, a model
 * change, an endpoint that was down). Safe to repeat.
 */
export const EMBED_KNOWLEDGE_JOB = defineJob({
  name: 'embed-knowledge',
  payload: z.object({ sourceId: z.uuid() }),
  retryLimit: 5,
  retryBackoff: true,
  notify: true,
  work: { pollingIntervalSeconds: 2 },
  handler: async () => {
    const { workEmbedKnowledgeJob } = await import('./work-embed-knowledge-job.ts');
    return { each: (services: EmbeddingServices, payload) => workEmbedKnowledgeJob(services, payload) };
  },
});
