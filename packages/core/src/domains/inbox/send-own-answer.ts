import { eq, sql } from 'drizzle-orm';
import type { Database } from '@agentcast/db/client';
import { agentRun, delivery, type AgentRunRow } from '@agentcast/db/schema/runs';
import { terminalMessage } from '@agentcast/db/schema/terminal';
import { sendJobs } from '../../integrations/queue/send-job.ts';
import { consumeQuota } from '../plans/consume-quota.ts';
import { getAccountPlan } from '../plans/get-account-plan.ts';
import { usageDay } from '../plans/usage-day.ts';
import { quotaUsedError } from '../schedules/quota-used-error.ts';
import { COMPOSED_MODEL } from '../runs/plan/compose-post.ts';
import { PUBLISH_DELIVERY_JOB } from '../runs/publish/publish-delivery-job.ts';
import type { ReviewServices } from '../runs/review/review-services.ts';

/**
 * "Reply yourself" to a message the agent did not answer (skipped by a guard or the quota, ignored, or its answer
 * failed to be written): the person's text goes out now from the agent's account on the message's own run — so the
 * message is still answered at most once — taking a reply from today's quota, with a terminal entry written by them.
 * The caller holds the run locked in `tx`. Answers the terminal entry, for the event that shows it.
 */
export const sendOwnAnswer = async (
  services: ReviewServices,
  tx: Database,
  { run, text, at }: { run: AgentRunRow; text: string; at: Date },
) => {
  const plan = await getAccountPlan(tx, run.workspaceId, services.defaultPlan);
  if (
    !(await consumeQuota(tx, { workspaceId: run.workspaceId, kind: 'replies', limit: plan.limits.repliesPerDay, at }))
  )
    throw await quotaUsedError(tx, { workspaceId: run.workspaceId, plan, at, now: at });
  const platform = run.replyTo?.platform ?? '';
  const [entry] = await tx
    .insert(terminalMessage)
    .values({
      agentId: run.agentId,
      workspaceId: run.workspaceId,
      runId: run.id,
      createdAt: at,
      tweetContent: text,
      instruction: run.instruction,
      trigger: 'reply',
      replyTo: run.replyTo,
      model: COMPOSED_MODEL,
      isOffline: false,
    })
    .returning();
  if (!entry) throw new Error('terminal insert returned no row');
  await tx
    .update(agentRun)
    .set({
      status: 'ready',
      postText: text,
      media: [],
      publishAt: at,
      quotaDay: usageDay(at),
      reviewedAt: at,
      error: null,
      terminalMessageId: entry.messageId,
      updatedAt: at,
    })
    .where(eq(agentRun.id, run.id));
  // A run skipped before it had deliveries gets them now; one that had them (ignored, failed) starts them again.
  const rows = ['terminal', platform].map((target) => ({
    runId: run.id,
    agentId: run.agentId,
    workspaceId: run.workspaceId,
    platform: target,
    idempotencyKey: `${run.idempotencyKey}:${target}`,
    status: target === 'terminal' ? ('posted' as const) : ('ready' as const),
    nextAttemptAt: target === 'terminal' ? null : at,
    createdAt: at,
    updatedAt: at,
  }));
  const deliveries = await tx
    .insert(delivery)
    .values(rows)
    .onConflictDoUpdate({
      target: delivery.idempotencyKey,
      set: {
        status: sql`excluded.status`,
        nextAttemptAt: sql`excluded.next_attempt_at`,
        attempts: 0,
        leaseUntil: null,
        error: null,
        updatedAt: at,
      },
    })
    .returning({ id: delivery.id, platform: delivery.platform });
  await sendJobs(
    services.queue,
    PUBLISH_DELIVERY_JOB,
    deliveries.filter((row) => row.platform !== 'terminal').map((row) => ({ payload: { deliveryId: row.id } })),
    { tx },
  );
  return entry;
};
