import type { Logger } from 'pino';
import { AGENT_CHANGED_JOB } from '@agentcast/core/domains/agents/agent-changed-job';
import { EMBED_KNOWLEDGE_JOB } from '@agentcast/core/domains/knowledge/embed-knowledge-job';
import { INGEST_KNOWLEDGE_JOB } from '@agentcast/core/domains/knowledge/ingest-knowledge-job';
import { queueEmbedding, requeueMissingEmbeddings } from '@agentcast/core/domains/knowledge/queue-embedding';
import { requeueUnfinishedKnowledge } from '@agentcast/core/domains/knowledge/queue-ingestion';
import { NOTIFY_PUBLISH_FAILED_JOB } from '@agentcast/core/domains/notifications/notify-publish-failed-job';
import { POLL_CONVERSATIONS_JOB } from '@agentcast/core/domains/replies/poll-conversations-job';
import { PUBLISH_DELIVERY_JOB } from '@agentcast/core/domains/runs/publish/publish-delivery-job';
import { REGENERATE_DRAFT_JOB } from '@agentcast/core/domains/runs/review/regenerate-draft-job';
import { RUN_AGENT_JOB } from '@agentcast/core/domains/runs/plan/run-agent-job';
import { DELIVER_WEBHOOK_JOB } from '@agentcast/core/domains/webhooks/deliver-webhook-job';
import { NOTIFY_WEBHOOK_DISABLED_JOB } from '@agentcast/core/domains/webhooks/notify-webhook-disabled-job';
import type { Embedder } from '@agentcast/core/integrations/llm/openai-embedder';
import type { JobQueue } from '@agentcast/core/integrations/queue/create-job-queue';
import type { DomainServices } from '../compose/domain-services.ts';
import { jobWorker, workJob } from './job-adapters.ts';

/** Every job of the app: each queue is created at start-up by API and worker processes alike. */
const JOBS = [
  AGENT_CHANGED_JOB,
  RUN_AGENT_JOB,
  PUBLISH_DELIVERY_JOB,
  REGENERATE_DRAFT_JOB,
  POLL_CONVERSATIONS_JOB,
  NOTIFY_PUBLISH_FAILED_JOB,
  DELIVER_WEBHOOK_JOB,
  NOTIFY_WEBHOOK_DISABLED_JOB,
  INGEST_KNOWLEDGE_JOB,
  EMBED_KNOWLEDGE_JOB,
];

export const createQueues = async (queue: JobQueue) => {
  for (const job of JOBS) await queue.createQueue(job.name, job.notify ? { notify: true } : {});
};

/**
 * Starts working the queues in this process (the in-process worker, or `npm run worker`): each job with its
 * domain's services. A job's name, payload, queue settings and handler are all in its own module (packages/core,
 * `*-job.ts`); a new job is one module and one line here.
 */
export const registerJobHandlers = async (
  queue: JobQueue,
  { logger, embedder, domains }: { logger: Logger; embedder?: Embedder; domains: DomainServices },
) => {
  // With embeddings on, every indexed source is embedded next.
  const onIndexed = embedder && ((sourceId: string) => queueEmbedding(queue, sourceId));
  const workers = await Promise.all([
    jobWorker(AGENT_CHANGED_JOB, domains.agents),
    jobWorker(RUN_AGENT_JOB, domains.runs),
    jobWorker(PUBLISH_DELIVERY_JOB, domains.publishing),
    jobWorker(REGENERATE_DRAFT_JOB, domains.runs),
    jobWorker(POLL_CONVERSATIONS_JOB, domains.conversations),
    jobWorker(NOTIFY_PUBLISH_FAILED_JOB, domains.notifications),
    jobWorker(DELIVER_WEBHOOK_JOB, domains.webhooks),
    jobWorker(NOTIFY_WEBHOOK_DISABLED_JOB, domains.webhooks),
    jobWorker(INGEST_KNOWLEDGE_JOB, { ...domains.knowledge, onIndexed }),
    ...(embedder ? [jobWorker(EMBED_KNOWLEDGE_JOB, { ...domains.knowledge, embedder })] : []),
  ]);
  for (const worker of workers) await workJob(queue, worker, logger);

  const requeued = await requeueUnfinishedKnowledge(domains.knowledge.db, queue);
  if (requeued > 0) logger.info({ requeued }, 'Queued unfinished knowledge sources again');
  if (embedder) {
    const missing = await requeueMissingEmbeddings(domains.knowledge.db, queue, embedder.key);
    if (missing > 0) logger.info({ sources: missing }, 'Queued knowledge sources whose chunks lack embeddings');
  }
};
