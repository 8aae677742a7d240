import { z } from 'zod';
import { defineJob } from '../jobs/job-definition.ts';

/**
 * One run of an agent: write a post (and its media), record it in the terminal. Triggers and schedules both send
 * this job. A manual trigger is not retried (someone is waiting for the answer); scheduled runs are.
 */
export const RUN_AGENT_JOB = defineJob({
  name: 'run-agent',
  payload: z.object({
    agentId: z.uuid(),
    userId: z.string().min(1),
    instruction: z.string().min(1),
    trigger: z.enum(['manual', 'schedule']),
    /** Set by a manual trigger, which waits for the run's outcome under this id. */
    triggerId: z.uuid().optional(),
  }),
  retryLimit: 3,
});

export type RunAgentRequest = z.infer<typeof RUN_AGENT_JOB.payload>;
