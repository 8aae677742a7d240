import { eq } from 'drizzle-orm';
import { PUBLISHING_MESSAGES } from '@agentcast/contracts/publishing';
import { agentRun } from '@agentcast/db/schema/runs';
import { LlmError } from '../../../integrations/llm/llm-provider.ts';
import { isLastAttempt, type JobAttempt } from '../../../integrations/queue/job-definition.ts';
import { releaseRun } from '../shared/claim-runs.ts';
import { endRunAndTell } from './end-run-and-tell.ts';
import type { RunServices } from '../write/run-services.ts';

/** What the person sees when a run fails for a reason that is not the language model's. */
const UNEXPECTED_FAILURE = 'The agent run failed unexpectedly; the server log has the details.';

/**
 * After a failed attempt: let go of the run so the queue's retry (scheduled runs) can take it; on the last attempt
 * end it — a scheduled run gets a terminal entry saying why, and a waiting trigger (triggerAgent) hears
 * `agent.run-failed` with the reason, from whichever process worked the run.
 */
export const failRun = async (
  services: RunServices,
  { runId, attempt, error }: { runId: string; attempt: JobAttempt; error: unknown },
) => {
  const reason = error instanceof LlmError ? error.message : UNEXPECTED_FAILURE;
  services.logger.warn({ err: error, runId, attempt: attempt.retryCount }, 'Agent run failed');
  const [run] = await services.db.select().from(agentRun).where(eq(agentRun.id, runId)).limit(1);
  if (!run) return;
  if (!isLastAttempt(attempt)) {
    await releaseRun(services.db, runId);
    return;
  }
  const note = run.kind === 'manual' ? null : PUBLISHING_MESSAGES.runFailed(reason);
  await endRunAndTell(services, run, { status: 'failed', reason, note });
};
