import type { JobResult, JobWithMetadata } from 'pg-boss';
import type { Logger } from 'pino';
import type { z } from 'zod';
import type {
  CheckedJob,
  JobDefinition,
  JobHandler,
  JobOutcome,
} from '@agentcast/core/integrations/queue/job-definition';
import type { JobQueue } from '@agentcast/core/integrations/queue/create-job-queue';
import { jobPayload } from './job-payload.ts';

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** A job with its handler loaded and its services given: what a worker needs to work its queue. */
export type JobWorker = {
  definition: JobDefinition<z.ZodType, never>;
  /** Checks each payload, works the batch, settles each job on its own. */
  work: (jobs: JobWithMetadata<unknown>[], logger: Logger) => Promise<JobResult[]>;
};

/** Payloads checked; a job that does not fit is dropped (logged, completed, never retried). */
const checkJobs = <Payload extends z.ZodType>(
  definition: JobDefinition<Payload, never>,
  jobs: JobWithMetadata<unknown>[],
  logger: Logger,
) =>
  jobs.flatMap((job): CheckedJob<z.output<Payload>>[] => {
    const payload = jobPayload(definition, job, logger);
    return payload === null
      ? []
      : [{ id: job.id, payload, attempt: { retryCount: job.retryCount, retryLimit: job.retryLimit } }];
  });

const toResults = (jobs: JobWithMetadata<unknown>[], outcomes: JobOutcome[]): JobResult[] => {
  const failed = new Map(
    outcomes.filter((outcome) => outcome.error !== undefined).map((outcome) => [outcome.jobId, outcome.error]),
  );
  return jobs.map((job) =>
    failed.has(job.id)
      ? { id: job.id, status: 'failed', output: { message: failed.get(job.id) } }
      : { id: job.id, status: 'completed' },
  );
};

/** An `each` handler's jobs, worked side by side, each settled by its own outcome. */
const workEach = async <Payload, Services>(
  work: (services: Services, payload: Payload, attempt: CheckedJob<Payload>['attempt']) => Promise<unknown>,
  services: Services,
  jobs: CheckedJob<Payload>[],
): Promise<JobOutcome[]> => {
  const settled = await Promise.allSettled(jobs.map((job) => work(services, job.payload, job.attempt)));
  return settled.map((result, index) => ({
    jobId: (jobs[index] as CheckedJob<Payload>).id,
    error: result.status === 'rejected' ? messageOf(result.reason) : undefined,
  }));
};

/** Loads the job's handler (its module is imported only now) and gives it its domain's services. */
export const jobWorker = async <Payload extends z.ZodType, Services>(
  definition: JobDefinition<Payload, Services>,
  services: Services,
): Promise<JobWorker> => {
  const handler: JobHandler<z.output<Payload>, Services> = await definition.handler();
  return {
    definition,
    work: async (jobs, logger) => {
      const checked = checkJobs(definition, jobs, logger);
      if (checked.length === 0) return toResults(jobs, []);
      const outcomes =
        'each' in handler ? await workEach(handler.each, services, checked) : await handler.batch(services, checked);
      return toResults(jobs, outcomes ?? []);
    },
  };
};

/** pg-boss's poll when a job sets none. */
const DEFAULT_POLLING_INTERVAL_SECONDS = 2;

/**
 * Works the job's queue in this process with its settings. Every handler reads its attempt (`includeMetadata`) and
 * settles each job of a batch on its own (`perJobResults`): a failure is retried by the queue without failing the
 * rest of the batch.
 *
 * A notify queue is polled at the job's own interval unless the job sets a longer backstop: NOTIFYs sent together
 * wake a worker once, the wake-up's fetch takes one batch, and pg-boss's default backstop (30 s) left the rest of
 * the jobs waiting that long (a second knowledge file indexed half a minute after the first).
 */
export const workJob = async (queue: JobQueue, { definition, work }: JobWorker, logger: Logger) => {
  const notifyPollingIntervalSeconds =
    definition.work.notifyPollingIntervalSeconds ??
    definition.work.pollingIntervalSeconds ??
    DEFAULT_POLLING_INTERVAL_SECONDS;
  await queue.work(
    definition.name,
    { ...definition.work, notifyPollingIntervalSeconds, includeMetadata: true, perJobResults: true },
    (jobs) => work(jobs, logger),
  );
};
