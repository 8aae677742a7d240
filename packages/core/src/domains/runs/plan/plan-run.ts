import { DRAFT_MESSAGES, MAX_WAITING_DRAFTS } from '@agentcast/contracts/drafts';
import type { Plan } from '@agentcast/contracts/plans';
import type { Logger } from 'pino';
import { PUBLISHING_MESSAGES } from '@agentcast/contracts/publishing';
import type { Database } from '@agentcast/db/client';
import { agentRun, delivery } from '@agentcast/db/schema/runs';
import type { JobQueue } from '../../../integrations/queue/create-job-queue.ts';
import { consumeQuota } from '../../plans/consume-quota.ts';
import { countWaitingDrafts } from './count-waiting-drafts.ts';
import { RUN_AGENT_JOB } from './run-agent-job.ts';
import { recordSkippedRun } from './record-skipped-run.ts';
import { tellSkipWebhooks } from '../shared/skip-webhook-events.ts';
import { deliveryRowsOf, runRowOf, type PlannedRun, type RunPlan } from './run-plan.ts';
import { sendJob } from '../../../integrations/queue/send-job.ts';

/**
 * Plans a run inside the caller's transaction: the run under its idempotency key, today's quota taken from the
 * account's plan, one delivery per platform, and the job that works it — all committed together or not at all.
 * A run skipped instead (a reply guard, over the quota, drafts full) is told to the account's webhooks in the same transaction.
 * (Scheduled slots are planned in batches by plan-scheduled-runs.ts, the same way.)
 */
export const planRun = async (
  tx: Database,
  queue: JobQueue,
  run: RunPlan,
  { plan, at, logger }: { plan: Plan; at: Date; logger: Logger },
): Promise<PlannedRun> => {
  const skip = async (runId: string, note: string) => {
    const skipped = await recordSkippedRun(tx, run, runId, { note, at });
    await tellSkipWebhooks({ db: tx, queue, logger, now: () => at }, [{ ...run, runId, reason: note }]);
    return skipped;
  };
  const [inserted] = await tx
    .insert(agentRun)
    .values(runRowOf(run, at))
    .onConflictDoNothing({ target: agentRun.idempotencyKey })
    .returning({ id: agentRun.id });
  if (!inserted) return { outcome: 'exists' };
  if (run.skipReason) return skip(inserted.id, run.skipReason);
  if (run.review && ((await countWaitingDrafts(tx, [run.agentId])).get(run.agentId) ?? 0) > MAX_WAITING_DRAFTS) {
    // The new run itself is counted (it is planned): more than the cap means the cap was full before it.
    return skip(inserted.id, DRAFT_MESSAGES.draftsFull(MAX_WAITING_DRAFTS));
  }

  const isReply = run.kind === 'reply';
  const limit = isReply ? plan.limits.repliesPerDay : plan.limits.postsPerDay;
  if (!(await consumeQuota(tx, { workspaceId: run.workspaceId, kind: isReply ? 'replies' : 'posts', limit, at }))) {
    const note = isReply ? PUBLISHING_MESSAGES.overReplyQuota(plan) : PUBLISHING_MESSAGES.overPostQuota(plan);
    return skip(inserted.id, note);
  }
  await tx.insert(delivery).values(deliveryRowsOf(run, inserted.id, at));
  // A manual run is not retried: someone is waiting for its answer.
  await sendJob(queue, RUN_AGENT_JOB, { runId: inserted.id }, { tx, ...(run.kind === 'manual' && { retryLimit: 0 }) });
  return { outcome: 'planned', runId: inserted.id };
};
