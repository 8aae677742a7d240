import { eq } from 'drizzle-orm';
import type { JobWithMetadata } from 'pg-boss';
import { PUBLISHING_MESSAGES } from '@agentcast/contracts/publishing';
import { LlmError } from '@agentcast/core/llm/llm-provider';
import { releaseRun } from '@agentcast/core/runs/claim-run';
import { endRunWithoutPost } from '@agentcast/core/runs/end-run-without-post';
import { runAgent } from '@agentcast/core/runtime/run-agent';
import { RUN_AGENT_JOB } from '@agentcast/core/runtime/run-agent-job';
import type { RuntimeServices } from '@agentcast/core/runtime/runtime-services';
import { agentRun } from '@agentcast/db/schema/runs';
import { workEach } from './work-each.ts';

/** What the person sees when a run fails for a reason that is not the language model's. */
const UNEXPECTED_FAILURE = 'The agent run failed unexpectedly; the server log has the details.';

/**
 * Works a planned run. A failure is retried by the queue (scheduled runs) after the run's lease is let go; the last
 * failure ends the run: a waiting trigger answers with the error, a scheduled run gets a terminal entry saying why.
 */
export const handleRunAgent = (services: RuntimeServices) =>
  workEach(async (job: JobWithMetadata<unknown>) => {
    const parsed = RUN_AGENT_JOB.payload.safeParse(job.data);
    if (!parsed.success) {
      services.logger.error({ jobId: job.id, issues: parsed.error.issues }, 'Dropped a run-agent job with a bad payload');
      return;
    }
    const { runId } = parsed.data;
    const startedAt = performance.now();
    try {
      const message = await runAgent(services, { runId });
      if (message) services.logger.info({ runId, agentId: message.agent_id, ms: Math.round(performance.now() - startedAt) }, 'Agent run finished');
    } catch (error) {
      const reason = error instanceof LlmError ? error.message : UNEXPECTED_FAILURE;
      services.logger.warn({ err: error, runId, attempt: job.retryCount }, 'Agent run failed');
      const [run] = await services.db.select().from(agentRun).where(eq(agentRun.id, runId)).limit(1);
      if (!run) return;
      if (job.retryCount < job.retryLimit) {
        await releaseRun(services.db, runId);
        throw error;
      }
      const note = run.kind === 'manual' ? null : PUBLISHING_MESSAGES.runFailed(reason);
      const entry = await endRunWithoutPost(services.db, run, { status: 'failed', reason, note, at: services.now() });
      if (entry) await services.events.publish({ type: 'terminal.message', userId: run.userId, agentId: run.agentId, messageId: entry.messageId });
      await services.events.publish({ type: 'agent.run-failed', userId: run.userId, agentId: run.agentId, triggerId: run.triggerId ?? undefined, error: reason });
    }
  });
