import type { Logger } from 'pino';
import { AGENT_CHANGED_JOB } from '@agentcast/core/agents/agent-changed-job';
import type { JobQueue } from '@agentcast/core/jobs/create-job-queue';
import { EMBED_KNOWLEDGE_JOB } from '@agentcast/core/knowledge/embed-knowledge-job';
import { INGEST_KNOWLEDGE_JOB } from '@agentcast/core/knowledge/ingest-knowledge-job';
import { queueEmbedding, requeueMissingEmbeddings } from '@agentcast/core/knowledge/queue-embedding';
import { requeueUnfinishedKnowledge } from '@agentcast/core/knowledge/queue-ingestion';
import type { Embedder } from '@agentcast/core/llm/openai-embedder';
import { PUBLISH_DELIVERY_JOB } from '@agentcast/core/publishing/publish-delivery-job';
import type { PublishingServices } from '@agentcast/core/publishing/publishing-services';
import { POLL_CONVERSATIONS_JOB } from '@agentcast/core/replies/poll-conversations-job';
import type { ConversationServices } from '@agentcast/core/replies/poll-conversations';
import { RUN_AGENT_JOB } from '@agentcast/core/runtime/run-agent-job';
import type { RuntimeServices } from '@agentcast/core/runtime/runtime-services';
import type { StorageDriver } from '@agentcast/core/storage/storage-driver';
import type { Database } from '@agentcast/db/client';
import { handleAgentChanged } from './agent-changed.job.ts';
import { handleEmbedKnowledge } from './embed-knowledge.job.ts';
import { handleIngestKnowledge } from './ingest-knowledge.job.ts';
import { handlePollConversations } from './poll-conversations.job.ts';
import { handlePublishDelivery } from './publish-delivery.job.ts';
import { handleRunAgent } from './run-agent.job.ts';

/** Every queue the app sends to; created at start-up by API and worker processes alike. */
export const createQueues = async (queue: JobQueue) => {
  await queue.createQueue(AGENT_CHANGED_JOB.name);
  await queue.createQueue(INGEST_KNOWLEDGE_JOB.name, { notify: true });
  await queue.createQueue(EMBED_KNOWLEDGE_JOB.name, { notify: true });
  // Runs and deliveries wake a worker at once (NOTIFY) instead of waiting for its next poll: someone may be
  // waiting on a trigger, and scheduled posts should go out on time.
  await queue.createQueue(RUN_AGENT_JOB.name, { notify: true });
  await queue.createQueue(PUBLISH_DELIVERY_JOB.name, { notify: true });
  await queue.createQueue(POLL_CONVERSATIONS_JOB.name, { notify: true });
};

type HandlerDependencies = {
  db: Database;
  storage: StorageDriver;
  logger: Logger;
  runtime: RuntimeServices;
  publishing: PublishingServices;
  conversations: ConversationServices;
  embedder?: Embedder;
};

/** Starts working the queues in this process (the in-process worker, or `npm run worker`). */
export const registerJobHandlers = async (queue: JobQueue, deps: HandlerDependencies) => {
  // A batch per fetch: pg-boss waits a polling interval between fetches, so one job at a time would cap the rate.
  await queue.work(AGENT_CHANGED_JOB.name, { pollingIntervalSeconds: 1, batchSize: 20 }, handleAgentChanged(deps));
  // Runs and deliveries wait mostly on the model and the platforms: batches worked side by side, fetched without
  // pause while the queue is busy; the short notify poll wakes delayed retries when they fall due.
  const busyQueue = { batchSize: 25, localConcurrency: 4, burstWhenBatchFull: true, pollingIntervalSeconds: 0.5, notifyPollingIntervalSeconds: 1, includeMetadata: true, perJobResults: true } as const;
  await queue.work(RUN_AGENT_JOB.name, busyQueue, handleRunAgent(deps.runtime));
  await queue.work(PUBLISH_DELIVERY_JOB.name, busyQueue, handlePublishDelivery(deps.publishing));
  await queue.work(POLL_CONVERSATIONS_JOB.name, { pollingIntervalSeconds: 2, localConcurrency: 2 }, handlePollConversations(deps.conversations));
  const { embedder } = deps;
  const onIndexed = embedder && ((sourceId: string) => queueEmbedding(queue, sourceId));
  // Indexing is CPU-bound (PDF parsing): one file at a time per worker process.
  await queue.work(INGEST_KNOWLEDGE_JOB.name, { pollingIntervalSeconds: 2, includeMetadata: true }, handleIngestKnowledge({ ...deps, onIndexed }));
  const requeued = await requeueUnfinishedKnowledge(deps.db, queue);
  if (requeued > 0) deps.logger.info({ requeued }, 'Queued unfinished knowledge sources again');
  if (embedder) {
    await queue.work(EMBED_KNOWLEDGE_JOB.name, { pollingIntervalSeconds: 2 }, handleEmbedKnowledge({ ...deps, embedder }));
    const missing = await requeueMissingEmbeddings(deps.db, queue, embedder.key);
    if (missing > 0) deps.logger.info({ sources: missing }, 'Queued knowledge sources whose chunks lack embeddings');
  }
};
