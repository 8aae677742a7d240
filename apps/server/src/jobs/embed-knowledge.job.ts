import type { Job } from 'pg-boss';
import type { Logger } from 'pino';
import { EMBED_KNOWLEDGE_JOB } from '@agentcast/core/knowledge/embed-knowledge-job';
import { embedKnowledgeSource } from '@agentcast/core/knowledge/embed-knowledge-source';
import type { Embedder } from '@agentcast/core/llm/openai-embedder';
import type { Database } from '@agentcast/db/client';
import { jobPayload } from './job-payload.ts';

/**
 * Embeds a source's chunks. A failing endpoint throws, so pg-boss retries with backoff; until then (or for good,
 * after the last retry) the chunks are still found by full-text search, and the next worker start tries again.
 */
export const handleEmbedKnowledge = (services: { db: Database; embedder: Embedder; logger: Logger }) => async (jobs: Job<unknown>[]) => {
  for (const job of jobs) {
    const payload = jobPayload(EMBED_KNOWLEDGE_JOB, job, services.logger);
    if (!payload) continue;
    try {
      const embedded = await embedKnowledgeSource(services, payload);
      if (embedded > 0) services.logger.info({ sourceId: payload.sourceId, embedded }, 'Knowledge chunks embedded');
    } catch (error) {
      services.logger.warn({ err: error, sourceId: payload.sourceId }, 'Embedding knowledge failed; it will be retried');
      throw error;
    }
  }
};
