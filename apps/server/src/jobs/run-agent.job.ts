import { eq } from 'drizzle-orm';
import type { JobResult, JobWithMetadata } from 'pg-boss';
import { PUBLISHING_MESSAGES } from '@agentcast/contracts/publishing';
import { LlmError } from '@agentcast/core/llm/llm-provider';
import { releaseRun } from '@agentcast/core/runs/claim-runs';
import { endRunWithoutPost } from '@agentcast/core/runs/end-run-without-post';
import { runAgents } from '@agentcast/core/runtime/run-agents';
import { RUN_AGENT_JOB } from '@agentcast/core/runtime/run-agent-job';
import type { RuntimeServices } from '@agentcast/core/runtime/runtime-services';
import { agentRun } from '@agentcast/db/schema/runs';
import { jobPayload } from './job-payload.ts';

/** What the person sees when a run fails for a reason that is not the language model's. */
const UNEXPECTED_FAILURE = 'The agent run failed unexpectedly; the server log has the details.';

/**
 * After a failed attempt: let go of the run so the queue's retry (scheduled runs) can take it; on the last attempt
 * end it — a waiting trigger answers with the error, a scheduled run gets a terminal entry saying why.
 */
const afterFailure = async (services: RuntimeServices, job: JobWithMetadata<unknown>, runId: string, error: unknown) => {
  const reason = error instanceof LlmError ? error.message : UNEXPECTED_FAILURE;
  services.logger.warn({ err: error, runId, attempt: job.retryCount }, 'Agent run failed');
  const [run] = await services.db.select().from(agentRun).where(eq(agentRun.id, runId)).limit(1);
  if (!run) return;
  if (job.retryCount < job.retryLimit) {
    await releaseRun(services.db, runId);
    return;
  }
  const note = run.kind === 'manual' ? null : PUBLISHING_MESSAGES.runFailed(reason);
  const entry = await endRunWithoutPost(services.db, run, { status: 'failed', reason, note, at: services.now() });
  if (entry) await services.events.publish({ type: 'terminal.message', userId: run.userId, agentId: run.agentId, messageId: entry.messageId });
  await services.events.publish({ type: 'agent.run-failed', userId: run.userId, agentId: run.agentId, triggerId: run.triggerId ?? undefined, error: reason });
};

/**
 * Works a batch of run-agent jobs together (runAgents) and settles each job on its own: a failed run is retried
 * by the queue, the others complete.
 */
export const handleRunAgent = (services: RuntimeServices) => async (jobs: JobWithMetadata<unknown>[]): Promise<JobResult[]> => {
  const runIdOf = new Map<string, string>();
  for (const job of jobs) {
    const payload = jobPayload(RUN_AGENT_JOB, job, services.logger);
    if (payload) runIdOf.set(job.id, payload.runId);
  }
  const startedAt = performance.now();
  let outcomes;
  try {
    outcomes = await runAgents(services, { runIds: [...new Set(runIdOf.values())] });
  } catch (error) {
    // Claiming or reading the batch failed: every job of it is retried.
    for (const job of jobs) if (runIdOf.has(job.id)) await afterFailure(services, job, runIdOf.get(job.id) as string, error).catch(() => undefined);
    return jobs.map((job) => ({ id: job.id, status: 'failed', output: { message: error instanceof Error ? error.message : String(error) } }));
  }
  const posted = [...outcomes.values()].filter((outcome) => outcome.status === 'posted').length;
  if (posted > 0) services.logger.info({ runs: posted, ms: Math.round(performance.now() - startedAt) }, 'Agent runs finished');
  const results: JobResult[] = [];
  for (const job of jobs) {
    const outcome = runIdOf.has(job.id) ? outcomes.get(runIdOf.get(job.id) as string) : undefined;
    if (outcome?.status === 'failed') {
      await afterFailure(services, job, runIdOf.get(job.id) as string, outcome.error);
      results.push({ id: job.id, status: 'failed', output: { message: outcome.error instanceof Error ? outcome.error.message : String(outcome.error) } });
    } else {
      results.push({ id: job.id, status: 'completed' });
    }
  }
  return results;
};
