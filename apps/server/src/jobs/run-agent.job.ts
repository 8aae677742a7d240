import type { Job } from 'pg-boss';
import { LlmError } from '@agentcast/core/llm/llm-provider';
import { runAgent } from '@agentcast/core/runtime/run-agent';
import { RUN_AGENT_JOB } from '@agentcast/core/runtime/run-agent-job';
import type { RuntimeServices } from '@agentcast/core/runtime/runtime-services';

/** What the person sees when a run fails for a reason that is not the language model's. */
const UNEXPECTED_FAILURE = 'The agent run failed unexpectedly; the server log has the details.';

/**
 * Runs an agent. A failure is announced (a waiting trigger answers with it) and rethrown, so pg-boss records it
 * and retries the runs that allow it.
 */
export const handleRunAgent = (services: RuntimeServices) => async (jobs: Job<unknown>[]) => {
  for (const job of jobs) {
    const parsed = RUN_AGENT_JOB.payload.safeParse(job.data);
    if (!parsed.success) {
      services.logger.error({ jobId: job.id, issues: parsed.error.issues }, 'Dropped a run-agent job with a bad payload');
      continue;
    }
    const request = parsed.data;
    const startedAt = performance.now();
    try {
      const message = await runAgent(services, request);
      services.logger.info(
        { agentId: request.agentId, trigger: request.trigger, messageId: message?.message_id, ms: Math.round(performance.now() - startedAt) },
        message ? 'Agent run finished' : 'Agent run skipped: the agent no longer exists',
      );
    } catch (error) {
      services.logger.warn({ err: error, agentId: request.agentId, trigger: request.trigger }, 'Agent run failed');
      await services.events.publish({
        type: 'agent.run-failed',
        userId: request.userId,
        agentId: request.agentId,
        triggerId: request.triggerId,
        error: error instanceof LlmError ? error.message : UNEXPECTED_FAILURE,
      });
      throw error;
    }
  }
};
