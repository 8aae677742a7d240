import type { Logger } from 'pino';
import type { Database } from '@agentcast/db/client';
import type { Embedder } from '../../integrations/llm/openai-embedder.ts';
import { embedKnowledgeSource } from './embed-knowledge-source.ts';

/** Embedding needs the embedder, which exists only when EMBEDDINGS_MODEL is set. */
export type EmbeddingServices = { db: Database; embedder: Embedder; logger: Logger };

/**
 * The embed-knowledge job's handler. A failing endpoint throws, so the queue retries with backoff; until then (or
 * for good, after the last retry) the chunks are still found by full-text search, and the next worker start tries
 * again.
 */
export const workEmbedKnowledgeJob = async (services: EmbeddingServices, { sourceId }: { sourceId: string }) => {
  try {
    const embedded = await embedKnowledgeSource(services, { sourceId });
    if (embedded > 0) services.logger.info({ sourceId, embedded }, 'Knowledge chunks embedded');
  } catch (error) {
    services.logger.warn({ err: error, sourceId }, 'Embedding knowledge failed; it will be retried');
    throw error;
  }
};
