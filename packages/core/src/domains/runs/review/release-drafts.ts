import { sql, and, eq, inArray } from 'drizzle-orm';
import type { PlanId } from '@agentcast/contracts/plans';
import type { Database } from '@agentcast/db/client';
import { delivery } from '@agentcast/db/schema/runs';
import type { JobQueue } from '../../../integrations/queue/create-job-queue.ts';
import { sendJobs } from '../../../integrations/queue/send-job.ts';
import { heldQuotaDay, moveQuota } from '../../plans/consume-quota.ts';
import { getAccountPlan } from '../../plans/get-account-plan.ts';
import { usageDay } from '../../plans/usage-day.ts';
import { quotaUsedError } from '../../schedules/quota-used-error.ts';
import { PUBLISH_DELIVERY_JOB } from '../publish/publish-delivery-job.ts';

/** A waiting draft, locked by the caller, that has every approval its agent asks for. */
export type ReleasableDraft = {
  id: string;
  kind: string;
  publishAt: Date | null;
  quotaDay: string | null;
  createdAt: Date;
};

/**
 * In the caller's transaction, sends fully approved drafts on their way: each is published at its planned time, or
 * at once when that time has passed or `postNow` asks for it. The drafts become ready runs, their terminal
 * deliveries done and their platform deliveries ready for that time, with the publish-delivery jobs that wake them
 * then; from there the deliveries' machinery publishes each exactly once, whatever crashes on the way. A draft now
 * going out on another day than it was planned for takes that day's quota, and is refused when that day's are used.
 * Answers when each goes out.
 */
export const releaseDrafts = async (
  tx: Database,
  { queue, defaultPlan }: { queue: JobQueue; defaultPlan: PlanId },
  { workspaceId, runs, at, postNow }: { workspaceId: string; runs: ReleasableDraft[]; at: Date; postNow: boolean },
) => {
  const timed = runs.map((run) => ({
    id: run.id,
    publishAt: postNow || !run.publishAt || run.publishAt < at ? at : run.publishAt,
  }));
  // A draft that now goes out on another day than it was planned for (an old one approved now) takes that day's
  // quota and gives back its own.
  const moving = runs.filter((run, index) => heldQuotaDay(run) !== usageDay(timed[index]!.publishAt));
  if (moving.length > 0) {
    const plan = await getAccountPlan(tx, workspaceId, defaultPlan);
    for (const run of moving) {
      const to = timed[runs.indexOf(run)]!.publishAt;
      const kind = run.kind === 'reply' ? 'replies' : 'posts';
      const limit = kind === 'replies' ? plan.limits.repliesPerDay : plan.limits.postsPerDay;
      if (!(await moveQuota(tx, { workspaceId, kind, limit, from: heldQuotaDay(run), to })))
        throw await quotaUsedError(tx, { workspaceId, plan, at: to, now: at });
    }
  }
  const values = sql.join(
    timed.map(
      (run) => sql`(${run.id}::uuid, ${run.publishAt.toISOString()}::timestamptz, ${usageDay(run.publishAt)}::date)`,
    ),
    sql`, `,
  );
  await tx.execute(sql`
    UPDATE agent_run SET status = 'ready', publish_at = approved.publish_at, quota_day = approved.quota_day,
      reviewed_at = ${at.toISOString()}::timestamptz, updated_at = ${at.toISOString()}::timestamptz
    FROM (VALUES ${values}) AS approved(id, publish_at, quota_day) WHERE agent_run.id = approved.id`);
  const deliveries = await tx
    .update(delivery)
    .set({
      status: sql`CASE WHEN ${delivery.platform} = 'terminal' THEN 'posted' ELSE 'ready' END`,
      nextAttemptAt: sql`CASE WHEN ${delivery.platform} = 'terminal' THEN NULL ELSE (
        SELECT publish_at FROM agent_run WHERE agent_run.id = ${delivery.runId}) END`,
      leaseUntil: null,
      updatedAt: at,
    })
    .where(
      and(
        inArray(
          delivery.runId,
          timed.map((run) => run.id),
        ),
        eq(delivery.status, 'awaiting_review'),
      ),
    )
    .returning({ id: delivery.id, runId: delivery.runId, platform: delivery.platform });
  const publishAtOf = new Map(timed.map((run) => [run.id, run.publishAt]));
  const toWake = deliveries.filter((row) => row.platform !== 'terminal');
  if (toWake.length > 0) {
    await sendJobs(
      queue,
      PUBLISH_DELIVERY_JOB,
      toWake.map((row) => ({ payload: { deliveryId: row.id }, startAfter: publishAtOf.get(row.runId) })),
      { tx },
    );
  }
  return timed;
};
