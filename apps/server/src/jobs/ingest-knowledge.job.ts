import type { JobWithMetadata } from 'pg-boss';
import type { Logger } from 'pino';
import { INGEST_KNOWLEDGE_JOB } from '@agentcast/core/knowledge/ingest-knowledge-job';
import { ingestKnowledgeSource, markIngestionFailed } from '@agentcast/core/knowledge/ingest-knowledge-source';
import type { StorageDriver } from '@agentcast/core/storage/storage-driver';
import type { Database } from '@agentcast/db/client';
import { jobPayload } from './job-payload.ts';

/**
 * Indexes a knowledge source. A document that cannot be indexed is marked failed inside; an unexpected error is
 * retried, and after the last retry the source is marked failed so the forms stop showing it as in progress.
 */
export const handleIngestKnowledge =
  (services: { db: Database; storage: StorageDriver; logger: Logger; onIndexed?: (sourceId: string) => Promise<unknown> }) =>
  async (jobs: JobWithMetadata<unknown>[]) => {
    for (const job of jobs) {
      const payload = jobPayload(INGEST_KNOWLEDGE_JOB, job, services.logger);
      if (!payload) continue;
      try {
        await ingestKnowledgeSource(services, payload);
        await services.onIndexed?.(payload.sourceId);
      } catch (error) {
        services.logger.warn({ err: error, sourceId: payload.sourceId, attempt: job.retryCount }, 'Indexing failed');
        if (job.retryCount >= job.retryLimit) await markIngestionFailed(services.db, payload.sourceId);
        throw error;
      }
    }
  };
