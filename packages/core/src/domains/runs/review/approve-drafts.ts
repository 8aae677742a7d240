import { and, eq, inArray, sql } from 'drizzle-orm';
import { DRAFT_MESSAGES } from '@agentcast/contracts/drafts';
import { agent } from '@agentcast/db/schema/agents';
import { agentRun, delivery } from '@agentcast/db/schema/runs';
import { AppError } from '../../../kernel/app-error.ts';
import { heldQuotaDay, moveQuota } from '../../plans/consume-quota.ts';
import { getAccountPlan } from '../../plans/get-account-plan.ts';
import { usageDay } from '../../plans/usage-day.ts';
import { quotaUsedError } from '../../schedules/quota-used-error.ts';
import { PUBLISH_DELIVERY_JOB } from '../publish/publish-delivery-job.ts';
import { showDeliveries } from '../publish/show-deliveries.ts';
import { recordApprovals, stepsAfterTeam } from './record-approvals.ts';
import type { ReviewServices } from './review-services.ts';
import { sendJobs } from '../../../integrations/queue/send-job.ts';

export type ApprovedDraft = { id: string; publish_at: string };

/** Who gives the team's approval step: a member with the approve action (the route checked the role). */
export type Approver = { userId: string };

/**
 * Gives the workspace's drafts the team's approval (issue 36 §3), recorded with who gave it and when. A draft whose
 * agent asks for nothing more (one approval; or review was turned off since) is published at its planned time, or
 * at once when that time has passed or `now` asks for it; one that waits for the client keeps waiting. In one
 * transaction the drafts become ready runs, their terminal deliveries done and their platform deliveries ready for
 * that time, with the publish-delivery jobs that wake them then; from there the deliveries' machinery publishes each
 * exactly once, whatever crashes on the way. Drafts that are no longer waiting (approved or rejected meanwhile, or
 * another workspace's) are left out; none left at all is an error. A draft whose chosen time has passed is not
 * approved (it expires: reschedule it). A draft now going out on another day than it was planned for takes that
 * day's quota, and is refused when that day's are used.
 */
export const approveDrafts = async (
  { db, queue, events, defaultPlan, now = () => new Date() }: ReviewServices,
  {
    workspaceId,
    ids,
    now: postNow,
    approver,
  }: { workspaceId: string; ids: string[]; now: boolean; approver: Approver },
): Promise<ApprovedDraft[]> => {
  const at = now();
  const approved = await db.transaction(async (tx) => {
    const waiting = await tx
      .select({
        id: agentRun.id,
        kind: agentRun.kind,
        publishAt: agentRun.publishAt,
        timeChosen: agentRun.timeChosen,
        quotaDay: agentRun.quotaDay,
        createdAt: agentRun.createdAt,
        approval: agent.approval,
      })
      .from(agentRun)
      .innerJoin(agent, eq(agent.id, agentRun.agentId))
      .where(
        and(inArray(agentRun.id, ids), eq(agentRun.workspaceId, workspaceId), eq(agentRun.status, 'awaiting_review')),
      )
      .for('update', { of: agentRun });
    if (waiting.length === 0) return [];
    const late = waiting.filter((run) => run.timeChosen && run.publishAt && run.publishAt <= at);
    if (late.length === waiting.length) throw new AppError('CONFLICT', DRAFT_MESSAGES.expiredBeforeApproval);
    const inTime = waiting.filter((run) => !late.includes(run));
    await recordApprovals(tx, { workspaceId, runIds: inTime.map((run) => run.id), step: 'team', approver, at });
    // A draft waiting for the client after the team keeps waiting, at its planned time.
    const forClient = inTime
      .filter((run) => stepsAfterTeam(run.approval).length > 0)
      .map((run) => ({ id: run.id, publishAt: run.publishAt ?? at }));
    const runs = inTime.filter((run) => stepsAfterTeam(run.approval).length === 0);
    if (runs.length === 0) return forClient;
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
    return [...timed, ...forClient];
  });
  if (approved.length === 0) throw new AppError('CONFLICT', DRAFT_MESSAGES.notWaiting);
  await showDeliveries(
    { db, events },
    approved.map((run) => run.id),
  );
  return approved.map((run) => ({ id: run.id, publish_at: run.publishAt.toISOString() }));
};
