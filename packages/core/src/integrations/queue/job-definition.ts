import type { z } from 'zod';

/** Which attempt of its job a handler is working: `retryCount` 0 is the first, `retryLimit` the last. */
export type JobAttempt = { retryCount: number; retryLimit: number };

export const isLastAttempt = ({ retryCount, retryLimit }: JobAttempt) => retryCount >= retryLimit;

/** A job of a batch whose payload fitted its definition. */
export type CheckedJob<Payload> = { id: string; payload: Payload; attempt: JobAttempt };

/** What a batch handler reports for each job it failed (the queue retries those alone). */
export type JobOutcome = { jobId: string; error?: string };

/**
 * The domain function that works a job, with its domain's services: `each` works one payload (a batch's jobs side by
 * side), `batch` the checked jobs of a fetch at once (statements shared) and reports which failed.
 */
export type JobHandler<Payload, Services> =
  | { each: (services: Services, payload: Payload, attempt: JobAttempt) => Promise<unknown> }
  | { batch: (services: Services, jobs: CheckedJob<Payload>[]) => Promise<JobOutcome[] | void> };

/** How a process works the queue (pg-boss's work options): how many at a fetch, how many fetches at once, how often. */
export type WorkSettings = {
  batchSize?: number;
  localConcurrency?: number;
  /** At most this many active jobs of one group (pg-boss groups), over every process. */
  groupConcurrency?: number;
  pollingIntervalSeconds?: number;
  /** A notify queue's poll between wake-ups; the job's `pollingIntervalSeconds` when unset (job-adapters.ts). */
  notifyPollingIntervalSeconds?: number;
  burstWhenBatchFull?: boolean;
};

/**
 * Runs and deliveries wait mostly on the model and the platforms: batches worked side by side, fetched without pause
 * while the queue is busy; the short notify poll wakes delayed retries when they fall due. A batch's statements are
 * shared by its jobs (a handful per batch, coalesced per step when publishing), so larger batches cost the worker less
 * per job: 50 a batch, 4 at once, 200 in flight.
 */
export const BUSY_QUEUE: WorkSettings = {
  batchSize: 50,
  localConcurrency: 4,
  burstWhenBatchFull: true,
  pollingIntervalSeconds: 0.5,
  notifyPollingIntervalSeconds: 1,
};

/**
 * A job, in one module beside its domain: its name, the zod schema of its payload, how it is sent (retries), how its
 * queue is made and worked, and its handler. The worker (apps/server/src/jobs) checks each payload against the schema
 * and hands it to the handler; a payload that fails is a bug in the sender, dropped without retrying. Handlers must
 * be idempotent. Jobs are sent only with sendJob/sendJobs (send-job.ts), typed by the payload.
 */
export type JobDefinition<Payload extends z.ZodType, Services> = {
  name: string;
  payload: Payload;
  /** Attempts after the first. */
  retryLimit: number;
  /** Each retry waits longer than the last (pg-boss `retryBackoff`). */
  retryBackoff?: boolean;
  /** The first retry's wait. */
  retryDelaySeconds?: number;
  /** Past this, pg-boss counts an active job as lost (a worker died) and retries it. */
  expireInSeconds?: number;
  /** NOTIFY wakes a worker as soon as a job is sent, instead of its next poll. */
  notify?: boolean;
  work: WorkSettings;
  /**
   * Loaded when a worker starts, not when a sender imports the job: a handler's code reaches the senders of its own
   * job (a delivery queues its next attempt), and an API process without a worker never loads it.
   */
  handler: () => Promise<JobHandler<z.output<Payload>, Services>>;
};

export const defineJob = <Payload extends z.ZodType, Services>(definition: JobDefinition<Payload, Services>) =>
  definition;
