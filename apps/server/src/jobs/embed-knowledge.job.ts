import type { Job } from 'pg-boss';
import type { Logger } from 'pino';
import { EMBED_KNOWLEDGE_JOB } from '@agentcast/core/knowledge/embed-knowledge-job';
import { embedKnowledgeSource } from '@agentcast/core/knowledge/embed-knowledge-source';
import type { Embedder } from '@agentcast/core/llm/openai-embedder';
import type { Database } from '@agentcast/db/client';

/**
 * Embeds a source's chunks. A failing endpoint throws, so pg-boss retries with backoff; until then (or for good,
 * after the last retry) the chunks are still found by full-text search, and the next worker start tries again.
 */
export const handleEmbedKnowledge = (services: { db: Database; embedder: Embedder; logger: Logger }) => async (jobs: Job<unknown>[]) => {
  for (const job of jobs) {
    const parsed = EMBED_KNOWLEDGE_JOB.payload.safeParse(job.data);
    if (!parsed.success) {
      services.logger.error({ jobId: job.id }, 'Dropped an embed-knowledge job with a bad payload');
      continue;
    }
    try {
      const embedded = await embedKnowledgeSource(services, parsed.data);
      if (embedded > 0) services.logger.info({ sourceId: parsed.data.sourceId, embedded }, 'Knowledge chunks embedded');
    } catch (error) {
      services.logger.warn({ err: error, sourceId: parsed.data.sourceId }, 'Embedding knowledge failed; it will be retried');
      throw error;
    }
  }
};
