import type { Logger } from 'pino';
import { AGENT_CHANGED_JOB } from '@agentcast/core/agents/agent-changed-job';
import type { JobQueue } from '@agentcast/core/jobs/create-job-queue';
import { RUN_AGENT_JOB } from '@agentcast/core/runtime/run-agent-job';
import type { RuntimeServices } from '@agentcast/core/runtime/runtime-services';
import type { StorageDriver } from '@agentcast/core/storage/storage-driver';
import { handleAgentChanged } from './agent-changed.job.ts';
import { handleRunAgent } from './run-agent.job.ts';

/** Every queue the app sends to; created at start-up by API and worker processes alike. */
export const createQueues = async (queue: JobQueue) => {
  await queue.createQueue(AGENT_CHANGED_JOB.name);
  // Runs wake a worker at once (NOTIFY) instead of waiting for its next poll: someone may be waiting on a trigger.
  await queue.createQueue(RUN_AGENT_JOB.name, { notify: true });
};

/** Starts working the queues in this process (the in-process worker, or `npm run worker`). */
export const registerJobHandlers = async (queue: JobQueue, deps: { storage: StorageDriver; logger: Logger; runtime: RuntimeServices }) => {
  // A batch per fetch: pg-boss waits a polling interval between fetches, so one job at a time would cap the rate.
  await queue.work(AGENT_CHANGED_JOB.name, { pollingIntervalSeconds: 1, batchSize: 20 }, handleAgentChanged(deps));
  await queue.work(RUN_AGENT_JOB.name, { pollingIntervalSeconds: 2, localConcurrency: 4 }, handleRunAgent(deps.runtime));
};
