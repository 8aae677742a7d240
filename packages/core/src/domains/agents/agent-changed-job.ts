import { z } from 'zod';
import { defineJob } from '../../integrations/queue/job-definition.ts';

/**
 * Sent after every create, update and delete of an agent (the spec's calls to the agent service's /create and
 * /update). The worker removes the files the change left behind, with retries, and brings the agent runtime in
 * line with the saved agent.
 */
export const AGENT_CHANGED_JOB = defineJob({
  name: 'agent-changed',
  payload: z.object({
    agentId: z.uuid(),
    userId: z.string().min(1),
    change: z.enum(['created', 'updated', 'deleted']),
    /** Files no row points at any more (a replaced image, removed training files, an old context file). */
    orphanedFiles: z.array(z.object({ bucket: z.enum(['images', 'trainingfiles']), path: z.string() })).default([]),
    /** Knowledge sources the change created, to index. */
    queuedSources: z.array(z.uuid()).default([]),
  }),
  retryLimit: 5,
});

export type AgentChange = z.input<typeof AGENT_CHANGED_JOB.payload>;
