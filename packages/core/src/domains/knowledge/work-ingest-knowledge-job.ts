import type { Logger } from 'pino';
import type { Database } from '@agentcast/db/client';
import { isLastAttempt, type JobAttempt } from '../../integrations/queue/job-definition.ts';
import type { StorageDriver } from '../../integrations/storage/storage-driver.ts';
import { ingestKnowledgeSource, markIngestionFailed } from './ingest-knowledge-source.ts';

export type IngestionServices = {
  db: Database;
  storage: StorageDriver;
  logger: Logger;
  /** Called once a source is indexed (queues its embedding when embeddings are on). */
  onIndexed?: (sourceId: string) => Promise<unknown>;
};

/**
 * The ingest-knowledge job's handler. A document that cannot be indexed is marked failed inside; an unexpected error
 * is thrown for the queue to retry, and after the last retry the source is marked failed so the forms stop showing
 * it as in progress.
 */
export const workIngestKnowledgeJob = async (
  services: IngestionServices,
  { sourceId }: { sourceId: string },
  attempt: JobAttempt,
) => {
  try {
    await ingestKnowledgeSource(services, { sourceId });
    await services.onIndexed?.(sourceId);
  } catch (error) {
    services.logger.warn({ err: error, sourceId, attempt: attempt.retryCount }, 'Indexing failed');
    if (isLastAttempt(attempt)) await markIngestionFailed(services.db, sourceId);
    throw error;
  }
};
