import type { JobResult, JobWithMetadata } from 'pg-boss';
import type { Logger } from 'pino';
import type { z } from 'zod';
import type { JobAttempt, JobDefinition } from '@agentcast/core/integrations/queue/job-definition';
import { jobPayload } from './job-payload.ts';

/** A fetched job whose payload fits its definition. */
export type CheckedJob<Payload> = { id: string; payload: Payload; attempt: JobAttempt };

type Outcome = { jobId: string; error?: string };

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** Payloads checked; a job that does not fit is dropped (logged, completed, never retried). */
const checkJobs = <Payload extends z.ZodType>(
  definition: JobDefinition<Payload>,
  jobs: JobWithMetadata<unknown>[],
  logger: Logger,
) =>
  jobs.flatMap((job): CheckedJob<z.output<Payload>>[] => {
    const payload = jobPayload(definition, job, logger);
    return payload === null
      ? []
      : [{ id: job.id, payload, attempt: { retryCount: job.retryCount, retryLimit: job.retryLimit } }];
  });

const toResults = (jobs: JobWithMetadata<unknown>[], outcomes: Outcome[]): JobResult[] => {
  const failed = new Map(
    outcomes.filter((outcome) => outcome.error !== undefined).map((outcome) => [outcome.jobId, outcome.error]),
  );
  return jobs.map((job) =>
    failed.has(job.id)
      ? { id: job.id, status: 'failed', output: { message: failed.get(job.id) } }
      : { id: job.id, status: 'completed' },
  );
};

/**
 * A queue handler (pg-boss, `includeMetadata` and `perJobResults`) that checks each job's payload and hands the
 * batch to one domain function, which settles each job on its own: a failure is retried by the queue without
 * failing the rest of the batch.
 */
export const batchJob =
  <Payload extends z.ZodType>(
    definition: JobDefinition<Payload>,
    logger: Logger,
    work: (jobs: CheckedJob<z.output<Payload>>[]) => Promise<Outcome[] | void>,
  ) =>
  async (jobs: JobWithMetadata<unknown>[]): Promise<JobResult[]> => {
    const checked = checkJobs(definition, jobs, logger);
    const outcomes = checked.length > 0 ? await work(checked) : [];
    return toResults(jobs, outcomes ?? []);
  };

/** Like batchJob, for a domain function that works one job: the jobs of a batch are worked side by side. */
export const eachJob = <Payload extends z.ZodType>(
  definition: JobDefinition<Payload>,
  logger: Logger,
  work: (payload: z.output<Payload>, attempt: JobAttempt) => Promise<unknown>,
) =>
  batchJob(definition, logger, async (jobs) => {
    const settled = await Promise.allSettled(jobs.map((job) => work(job.payload, job.attempt)));
    return settled.map((result, index) => ({
      jobId: (jobs[index] as CheckedJob<unknown>).id,
      error: result.status === 'rejected' ? messageOf(result.reason) : undefined,
    }));
  });
