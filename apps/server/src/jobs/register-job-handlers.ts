import type { Logger } from 'pino';
import { AGENT_CHANGED_JOB } from '@agentcast/core/domains/agents/agent-changed-job';
import { workAgentChangedJob } from '@agentcast/core/domains/agents/work-agent-changed-job';
import { EMBED_KNOWLEDGE_JOB } from '@agentcast/core/domains/knowledge/embed-knowledge-job';
import { INGEST_KNOWLEDGE_JOB } from '@agentcast/core/domains/knowledge/ingest-knowledge-job';
import { queueEmbedding, requeueMissingEmbeddings } from '@agentcast/core/domains/knowledge/queue-embedding';
import { requeueUnfinishedKnowledge } from '@agentcast/core/domains/knowledge/queue-ingestion';
import { workEmbedKnowledgeJob } from '@agentcast/core/domains/knowledge/work-embed-knowledge-job';
import { workIngestKnowledgeJob } from '@agentcast/core/domains/knowledge/work-ingest-knowledge-job';
import { NOTIFY_PUBLISH_FAILED_JOB } from '@agentcast/core/domains/notifications/notify-publish-failed-job';
import { notifyPublishFailed } from '@agentcast/core/domains/notifications/notify-publish-failed';
import { POLL_CONVERSATIONS_JOB } from '@agentcast/core/domains/replies/poll-conversations-job';
import { workPollConversationsJob } from '@agentcast/core/domains/replies/work-poll-conversations-job';
import { PUBLISH_DELIVERY_JOB } from '@agentcast/core/domains/runs/publishing/publish-delivery-job';
import { publishDeliveries } from '@agentcast/core/domains/runs/publishing/publish-deliveries';
import { REGENERATE_DRAFT_JOB } from '@agentcast/core/domains/runs/review/regenerate-draft-job';
import { RUN_AGENT_JOB } from '@agentcast/core/domains/runs/run-agent-job';
import { workRegenerateDraftJob } from '@agentcast/core/domains/runs/work-regenerate-draft-job';
import { workRunJobs } from '@agentcast/core/domains/runs/work-run-jobs';
import { deliverWebhook } from '@agentcast/core/domains/webhooks/deliver-webhook';
import {
  DELIVER_WEBHOOK_JOB,
  WEBHOOK_REQUESTS_PER_ACCOUNT,
} from '@agentcast/core/domains/webhooks/deliver-webhook-job';
import { notifyWebhookDisabled } from '@agentcast/core/domains/webhooks/notify-webhook-disabled';
import { NOTIFY_WEBHOOK_DISABLED_JOB } from '@agentcast/core/domains/webhooks/notify-webhook-disabled-job';
import type { Embedder } from '@agentcast/core/integrations/llm/openai-embedder';
import type { JobQueue } from '@agentcast/core/integrations/queue/create-job-queue';
import type { DomainServices } from '../compose/domain-services.ts';
import { batchJob, eachJob } from './job-adapters.ts';

/** Every queue the app sends to; created at start-up by API and worker processes alike. */
export const createQueues = async (queue: JobQueue) => {
  await queue.createQueue(AGENT_CHANGED_JOB.name);
  await queue.createQueue(INGEST_KNOWLEDGE_JOB.name, { notify: true });
  await queue.createQueue(EMBED_KNOWLEDGE_JOB.name, { notify: true });
  // Runs and deliveries wake a worker at once (NOTIFY) instead of waiting for its next poll: someone may be
  // waiting on a trigger, and scheduled posts should go out on time.
  await queue.createQueue(RUN_AGENT_JOB.name, { notify: true });
  await queue.createQueue(PUBLISH_DELIVERY_JOB.name, { notify: true });
  await queue.createQueue(REGENERATE_DRAFT_JOB.name, { notify: true });
  await queue.createQueue(POLL_CONVERSATIONS_JOB.name, { notify: true });
  await queue.createQueue(NOTIFY_PUBLISH_FAILED_JOB.name);
  // A webhook's first attempt is meant to go out at once.
  await queue.createQueue(DELIVER_WEBHOOK_JOB.name, { notify: true });
  await queue.createQueue(NOTIFY_WEBHOOK_DISABLED_JOB.name);
};

type HandlerDependencies = {
  logger: Logger;
  /** Sources are embedded only with one. */
  embedder?: Embedder;
  domains: DomainServices;
};

/** Every handler reads its attempt and settles each job of a batch on its own. */
const settledEach = { includeMetadata: true, perJobResults: true } as const;

/**
 * Starts working the queues in this process (the in-process worker, or `npm run worker`). Each handler is its
 * domain's (packages/core); here they are only given their queue, their batch size and their dependencies.
 */
export const registerJobHandlers = async (queue: JobQueue, deps: HandlerDependencies) => {
  const { logger, domains } = deps;
  // A batch per fetch: pg-boss waits a polling interval between fetches, so one job at a time would cap the rate.
  await queue.work(
    AGENT_CHANGED_JOB.name,
    { ...settledEach, pollingIntervalSeconds: 1, batchSize: 20 },
    eachJob(AGENT_CHANGED_JOB, logger, (payload) => workAgentChangedJob(domains.agents, payload)),
  );
  // Runs and deliveries wait mostly on the model and the platforms: batches worked side by side, fetched without
  // pause while the queue is busy; the short notify poll wakes delayed retries when they fall due. A batch's
  // statements are shared by its runs (a handful per batch, coalesced per step when publishing), so larger batches
  // cost the worker less per run: 50 a batch, 4 at once, 200 runs in flight.
  const busyQueue = {
    ...settledEach,
    batchSize: 50,
    localConcurrency: 4,
    burstWhenBatchFull: true,
    pollingIntervalSeconds: 0.5,
    notifyPollingIntervalSeconds: 1,
  } as const;
  await queue.work(
    RUN_AGENT_JOB.name,
    busyQueue,
    batchJob(RUN_AGENT_JOB, logger, (jobs) =>
      workRunJobs(
        domains.runs,
        jobs.map((job) => ({ jobId: job.id, runId: job.payload.runId, attempt: job.attempt })),
      ),
    ),
  );
  // A delivery's retries are its own (next_attempt_at), so the job always completes.
  await queue.work(
    PUBLISH_DELIVERY_JOB.name,
    busyQueue,
    batchJob(PUBLISH_DELIVERY_JOB, logger, async (jobs) => {
      await publishDeliveries(
        domains.publishing,
        jobs.map((job) => job.payload),
      );
    }),
  );
  // Someone waits for it in the Review tab.
  await queue.work(
    REGENERATE_DRAFT_JOB.name,
    { ...settledEach, pollingIntervalSeconds: 0.5, localConcurrency: 2 },
    eachJob(REGENERATE_DRAFT_JOB, logger, (payload) => workRegenerateDraftJob(domains.runs, payload)),
  );
  await queue.work(
    POLL_CONVERSATIONS_JOB.name,
    { ...settledEach, pollingIntervalSeconds: 2, localConcurrency: 2 },
    eachJob(POLL_CONVERSATIONS_JOB, logger, (payload) => workPollConversationsJob(domains.conversations, payload)),
  );
  await queue.work(
    NOTIFY_PUBLISH_FAILED_JOB.name,
    { ...settledEach, pollingIntervalSeconds: 2, batchSize: 10 },
    eachJob(NOTIFY_PUBLISH_FAILED_JOB, logger, (payload) => notifyPublishFailed(domains.notifications, payload)),
  );
  // Webhook requests wait on receivers (10 s at most each): up to 20 out at once per process, one job per worker,
  // and at most WEBHOOK_REQUESTS_PER_ACCOUNT of them for one account, counted by pg-boss over every process (each
  // job is in its account's group). One job per fetch because a worker waits for its whole batch: with batches, a
  // hanging receiver held the rest of its batch, and two fetches at once on PostgreSQL each took an account's share.
  await queue.work(
    DELIVER_WEBHOOK_JOB.name,
    {
      ...settledEach,
      batchSize: 1,
      localConcurrency: 20,
      groupConcurrency: WEBHOOK_REQUESTS_PER_ACCOUNT,
      pollingIntervalSeconds: 0.5,
      notifyPollingIntervalSeconds: 1,
    },
    eachJob(DELIVER_WEBHOOK_JOB, logger, (payload) => deliverWebhook(domains.webhooks, payload)),
  );
  await queue.work(
    NOTIFY_WEBHOOK_DISABLED_JOB.name,
    { ...settledEach, pollingIntervalSeconds: 2, batchSize: 10 },
    eachJob(NOTIFY_WEBHOOK_DISABLED_JOB, logger, (payload) => notifyWebhookDisabled(domains.webhooks, payload)),
  );
  const { embedder } = deps;
  const onIndexed = embedder && ((sourceId: string) => queueEmbedding(queue, sourceId));
  // Indexing is CPU-bound (PDF parsing): one file at a time per worker process.
  await queue.work(
    INGEST_KNOWLEDGE_JOB.name,
    { ...settledEach, pollingIntervalSeconds: 2 },
    eachJob(INGEST_KNOWLEDGE_JOB, logger, (payload, attempt) =>
      workIngestKnowledgeJob({ ...domains.knowledge, onIndexed }, payload, attempt),
    ),
  );
  const requeued = await requeueUnfinishedKnowledge(domains.knowledge.db, queue);
  if (requeued > 0) logger.info({ requeued }, 'Queued unfinished knowledge sources again');
  if (embedder) {
    await queue.work(
      EMBED_KNOWLEDGE_JOB.name,
      { ...settledEach, pollingIntervalSeconds: 2 },
      eachJob(EMBED_KNOWLEDGE_JOB, logger, (payload) =>
        workEmbedKnowledgeJob({ ...domains.knowledge, embedder }, payload),
      ),
    );
    const missing = await requeueMissingEmbeddings(domains.knowledge.db, queue, embedder.key);
    if (missing > 0) logger.info({ sources: missing }, 'Queued knowledge sources whose chunks lack embeddings');
  }
};
