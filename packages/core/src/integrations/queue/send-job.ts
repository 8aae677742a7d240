import type { JobInsert } from 'pg-boss';
import type { z } from 'zod';
import type { Database } from '@agentcast/db/client';
import type { JobQueue } from './create-job-queue.ts';
import type { JobDefinition } from './job-definition.ts';
import { transactionExecutor } from './transaction-executor.ts';

/** What one send may set besides the job's own settings. */
export type SendOptions = Pick<JobInsert, 'startAfter' | 'singletonKey' | 'singletonSeconds' | 'group'> & {
  /** Fewer retries than the job's (a manual run: someone waits for its answer). */
  retryLimit?: number;
};

/** The job's own send settings, then the send's (an option left undefined keeps the job's). */
const jobInsert = <Payload extends z.ZodType<object, object>>(
  job: JobDefinition<Payload, never>,
  payload: z.input<Payload>,
  { retryLimit, ...options }: SendOptions,
): JobInsert<z.input<Payload>> => ({
  data: payload,
  retryLimit: retryLimit ?? job.retryLimit,
  ...(job.retryBackoff && { retryBackoff: true }),
  ...(job.retryDelaySeconds !== undefined && { retryDelay: job.retryDelaySeconds }),
  ...(job.expireInSeconds !== undefined && { expireInSeconds: job.expireInSeconds }),
  ...Object.fromEntries(Object.entries(options).filter(([, value]) => value !== undefined)),
});

/** `tx`: send within this Drizzle transaction, so that the job and what it works on commit together or not at all. */
type InTransaction = { tx?: Database };

const inTransaction = ({ tx }: InTransaction) => (tx ? { db: transactionExecutor(tx) } : undefined);

/** Sends one job, its payload typed by the job's schema. The only way a job is sent (with sendJobs). */
export const sendJob = async <Payload extends z.ZodType<object, object>>(
  queue: JobQueue,
  job: JobDefinition<Payload, never>,
  payload: z.input<Payload>,
  options: SendOptions & InTransaction = {},
) => {
  const { tx, ...send } = options;
  await queue.insert(job.name, [jobInsert(job, payload, send)], inTransaction({ tx }));
};

/** Sends several jobs of one kind in one statement, each with its own options. Nothing is sent for none. */
export const sendJobs = async <Payload extends z.ZodType<object, object>>(
  queue: JobQueue,
  job: JobDefinition<Payload, never>,
  jobs: ({ payload: z.input<Payload> } & SendOptions)[],
  options: InTransaction = {},
) => {
  if (jobs.length === 0) return;
  await queue.insert(
    job.name,
    jobs.map(({ payload, ...send }) => jobInsert(job, payload, send)),
    inTransaction(options),
  );
};
