import type { Logger } from 'pino';
import { createMetricsCollector } from '@agentcast/core/domains/analytics/create-metrics-collector';
import { createScheduler } from '@agentcast/core/domains/scheduler/create-scheduler';
import type { Embedder } from '@agentcast/core/integrations/llm/openai-embedder';
import type { JobQueue } from '@agentcast/core/integrations/queue/create-job-queue';
import { registerJobHandlers } from '../jobs/register-job-handlers.ts';
import type { DomainServices } from './domain-services.ts';
import type { WorkerTiming } from './worker-timing.ts';

export type WorkerDependencies = {
  queue: JobQueue;
  logger: Logger;
  timing: WorkerTiming;
  /** Knowledge search is hybrid, and sources are embedded, only with one. */
  embedder?: Embedder;
  domains: DomainServices;
};

/**
 * The worker half of a process: job handlers for runs, deliveries, conversations, knowledge and agent changes, the
 * scheduling loop and the metrics loop, each given its domain's services. Returns what stops the loops (the queue is
 * stopped by its owner).
 */
export const startWorker = async ({ queue, logger, timing, embedder, domains }: WorkerDependencies) => {
  await registerJobHandlers(queue, { logger, embedder, domains });
  const scheduler = createScheduler(domains.scheduler, timing.scheduler);
  scheduler.start();
  const metrics = createMetricsCollector(domains.metrics, timing.metrics);
  metrics.start();
  return { stop: () => Promise.all([scheduler.stop(), metrics.stop()]).then(() => undefined) };
};
