import { z } from 'zod';
import { defineJob } from '../../integrations/queue/job-definition.ts';

/**
 * Works one planned run (a trigger, a scheduled slot or a reply): write the post and its media, record it in the
 * terminal, queue its deliveries. Sent in the transaction that plans the run; sent again by the sweeper when a
 * worker died mid-run. A scheduled run is retried; a manual one is not (someone is waiting for the answer).
 */
export const RUN_AGENT_JOB = defineJob({
  name: 'run-agent',
  payload: z.object({ runId: z.uuid() }),
  retryLimit: 3,
});

export type RunAgentRequest = z.infer<typeof RUN_AGENT_JOB.payload>;
