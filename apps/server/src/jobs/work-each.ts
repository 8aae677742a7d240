import type { JobResult, JobWithMetadata } from 'pg-boss';

/**
 * A batch handler (pg-boss `perJobResults`) that works the jobs of a batch side by side and settles each on its
 * own: one job's failure (retried by the queue) does not fail the others. Batches keep a busy queue fetching
 * without pauses; working them concurrently keeps one slow model call from holding up the rest.
 */
export const workEach =
  <T>(handle: (job: JobWithMetadata<T>) => Promise<void>) =>
  async (jobs: JobWithMetadata<T>[]): Promise<JobResult[]> => {
    const settled = await Promise.allSettled(jobs.map((job) => handle(job)));
    return settled.map((outcome, index) => ({
      id: (jobs[index] as JobWithMetadata<T>).id,
      status: outcome.status === 'fulfilled' ? 'completed' : 'failed',
      output: outcome.status === 'rejected' ? { message: outcome.reason instanceof Error ? outcome.reason.message : String(outcome.reason) } : undefined,
    }));
  };
