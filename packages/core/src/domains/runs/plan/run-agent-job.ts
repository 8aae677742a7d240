import { z } from 'zod';
import { BUSY_QUEUE, defineJob } from '../../../integrations/queue/job-definition.ts';
import type { RunServices } from '../write/run-services.ts';

/**
 * Works one planned run (a trigger, a scheduled slot or a reply): write the post and its media, record it in the
 * terminal, queue its deliveries. Sent in the transaction that plans the run; sent again by the sweeper when a
 * worker died mid-run. A scheduled run is retried; a manual one is not (someone is waiting for the answer).
 */
export const RUN_AGENT_JOB = defineJob({
  name: 'run-agent',
  payload: z.object({ runId: z.uuid() }),
  retryLimit: 3,
  retryBackoff: true,
  // Someone may be waiting on a trigger, and scheduled posts should go out on time.
  notify: true,
  work: BUSY_QUEUE,
  handler: async () => {
    const { workRunJobs } = await import('../record/work-run-jobs.ts');
    return {
      batch: (services: RunServices, jobs) =>
        workRunJobs(
          services,
          jobs.map((job) => ({ jobId: job.id, runId: job.payload.runId, attempt: job.attempt })),
        ),
    };
  },
});
