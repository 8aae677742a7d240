import { inArray } from 'drizzle-orm';
import type { Database } from '@agentcast/db/client';
import { knowledgeSource } from '@agentcast/db/schema/knowledge';
import type { JobQueue } from '../../integrations/queue/create-job-queue.ts';
import { INGEST_KNOWLEDGE_JOB } from './ingest-knowledge-job.ts';
import { sendJob } from '../../integrations/queue/send-job.ts';

/** One indexing job per source at a time (the singleton key), however often it is asked for. */
export const queueIngestion = (queue: JobQueue, sourceId: string) =>
  sendJob(queue, INGEST_KNOWLEDGE_JOB, { sourceId }, { singletonKey: sourceId });

/**
 * Sources left queued or half-processed (a queue outage, a worker killed mid-file, or agents saved before knowledge
 * existed) are queued again when a worker starts.
 */
export const requeueUnfinishedKnowledge = async (db: Database, queue: JobQueue) => {
  const unfinished = await db
    .select({ id: knowledgeSource.id })
    .from(knowledgeSource)
    .where(inArray(knowledgeSource.status, ['queued', 'processing']));
  for (const { id } of unfinished) await queueIngestion(queue, id);
  return unfinished.length;
};
