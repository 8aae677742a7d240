import { sql } from 'drizzle-orm';
import type { Database } from '@agentcast/db/client';
import { queryRows } from '@agentcast/db/query-rows';
import type { JobQueue } from '../../integrations/queue/create-job-queue.ts';
import { EMBED_KNOWLEDGE_JOB } from './embed-knowledge-job.ts';
import { sendJob } from '../../integrations/queue/send-job.ts';

/** One embedding job per source at a time (the singleton key). */
export const queueEmbedding = (queue: JobQueue, sourceId: string) =>
  sendJob(queue, EMBED_KNOWLEDGE_JOB, { sourceId }, { singletonKey: sourceId });

/** Queues every indexed source that has chunks without a vector from this model; returns how many. */
export const requeueMissingEmbeddings = async (db: Database, queue: JobQueue, modelKey: string) => {
  const sources = await queryRows<{ id: string }>(
    db,
    sql`
    SELECT DISTINCT chunk.source_id AS id
    FROM knowledge_chunk AS chunk
    LEFT JOIN knowledge_embedding AS embedding ON embedding.chunk_id = chunk.id AND embedding.model = ${modelKey}
    WHERE embedding.chunk_id IS NULL
  `,
  );
  for (const { id } of sources) await queueEmbedding(queue, id);
  return sources.length;
};
