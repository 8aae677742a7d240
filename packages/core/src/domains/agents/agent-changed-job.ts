import { z } from 'zod';
import { defineJob } from '../../integrations/queue/job-definition.ts';
import type { AgentServices } from './agent-services.ts';

const agentChangePayload = z.object({
  agentId: z.uuid(),
  workspaceId: z.string().min(1),
  change: z.enum(['created', 'updated', 'deleted']),
  /** Files no row points at any more (a replaced image, removed training files, an old context file). */
  orphanedFiles: z.array(z.object({ bucket: z.enum(['images', 'trainingfiles']), path: z.string() })).default([]),
  /** Knowledge sources the change created, to index. */
  queuedSources: z.array(z.uuid()).default([]),
});

/**
 * Sent after every create, update and delete of an agent (the spec's calls to the agent service's /create and
 * /update). The worker removes the files the change left behind, with retries, and brings the agent runtime in
 * line with the saved agent.
 */
export const AGENT_CHANGED_JOB = defineJob({
  name: 'agent-changed',
  payload: agentChangePayload,
  retryLimit: 5,
  retryBackoff: true,
  // A batch per fetch: pg-boss waits a polling interval between fetches, so one job at a time would cap the rate.
  work: { pollingIntervalSeconds: 1, batchSize: 20 },
  handler: async () => {
    const { workAgentChangedJob } = await import('./work-agent-changed-job.ts');
    return {
      each: (services: Pick<AgentServices, 'storage' | 'logger'>, payload) => workAgentChangedJob(services, payload),
    };
  },
});

/** What the agent's save tells the worker (before the defaults fill in). */
export type AgentChange = z.input<typeof agentChangePayload>;

/** The same, as the worker reads it. */
export type CheckedAgentChange = z.output<typeof agentChangePayload>;
