import type { JobAttempt } from '../../../integrations/queue/job-definition.ts';
import { failRun } from './fail-run.ts';
import { runAgents } from './run-agents.ts';
import type { RunServices } from '../write/run-services.ts';

/** One run-agent job of a batch, as the worker fetched it. */
export type RunJob = { jobId: string; runId: string; attempt: JobAttempt };

/** How a job ended: done, or failed with a message (the queue retries it while attempts remain). */
export type JobOutcome = { jobId: string; error?: string };

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * The run-agent job's handler: works a batch of runs together (runAgents) and settles each job on its own. A failed
 * run is released for the queue's retry, or ended on its last attempt (failRun); the others complete.
 */
export const workRunJobs = async (services: RunServices, jobs: RunJob[]): Promise<JobOutcome[]> => {
  const startedAt = performance.now();
  let outcomes;
  try {
    outcomes = await runAgents(services, { runIds: [...new Set(jobs.map((job) => job.runId))] });
  } catch (error) {
    // Claiming or reading the batch failed: every job of it is retried.
    for (const job of jobs) await failRun(services, { ...job, error }).catch(() => undefined);
    return jobs.map((job) => ({ jobId: job.jobId, error: messageOf(error) }));
  }
  const posted = [...outcomes.values()].filter((outcome) => outcome.status === 'posted').length;
  if (posted > 0)
    services.logger.info({ runs: posted, ms: Math.round(performance.now() - startedAt) }, 'Agent runs finished');
  const results: JobOutcome[] = [];
  for (const job of jobs) {
    const outcome = outcomes.get(job.runId);
    if (outcome?.status === 'failed') {
      await failRun(services, { ...job, error: outcome.error });
      results.push({ jobId: job.jobId, error: messageOf(outcome.error) });
    } else {
      results.push({ jobId: job.jobId });
    }
  }
  return results;
};
