import { and, eq } from 'drizzle-orm';
import { DRAFT_MESSAGES, type Draft } from '@agentcast/contracts/drafts';
import { agent } from '@agentcast/db/schema/agents';
import { agentRun, delivery } from '@agentcast/db/schema/runs';
import { AppError } from '../../../kernel/app-error.ts';
import { isUuid } from '../../../kernel/is-uuid.ts';
import { consumeQuota } from '../../plans/consume-quota.ts';
import { getAccountPlan } from '../../plans/get-account-plan.ts';
import { usageDay } from '../../plans/usage-day.ts';
import { quotaUsedError } from '../../schedules/quota-used-error.ts';
import { checkComposedDraftRoom } from '../plan/composed-draft-room.ts';
import { showDeliveries } from '../publish/show-deliveries.ts';
import { listDrafts } from './list-drafts.ts';
import type { ReviewServices } from './review-services.ts';
import type { AuditActor } from '../../audit/audit-actor.ts';
import { recordAuditEvent } from '../../audit/record-audit-event.ts';

/**
 * "Reschedule" on an expired draft (issue 36 §3): it waits for review again, planned for `publishAt` (which must
 * not have passed), with the approvals it had kept (its text did not change). It takes that day's quota again (its
 * own was given back when it expired) and a place among the agent's waiting drafts. Answers the draft.
 */
export const rescheduleDraft = async (
  services: ReviewServices,
  { workspaceId, runId, publishAt, actor }: { workspaceId: string; runId: string; publishAt: Date; actor: AuditActor },
): Promise<Draft> => {
  const { db, events, now = () => new Date() } = services;
  const at = now();
  if (publishAt <= at) {
    throw new AppError('VALIDATION_FAILED', DRAFT_MESSAGES.pastTime, {
      fieldErrors: { publish_at: [DRAFT_MESSAGES.pastTime] },
    });
  }
  await db.transaction(async (tx) => {
    const [run] = isUuid(runId)
      ? await tx
          .select({
            id: agentRun.id,
            kind: agentRun.kind,
            status: agentRun.status,
            agentId: agent.id,
            name: agent.name,
          })
          .from(agentRun)
          .innerJoin(agent, eq(agent.id, agentRun.agentId))
          .where(and(eq(agentRun.id, runId), eq(agentRun.workspaceId, workspaceId)))
          .for('update', { of: agentRun })
      : [];
    if (!run) throw new AppError('NOT_FOUND', 'Draft not found');
    if (run.status !== 'expired') throw new AppError('CONFLICT', DRAFT_MESSAGES.notExpired);
    await checkComposedDraftRoom(tx, { id: run.agentId, name: run.name });
    const plan = await getAccountPlan(tx, workspaceId, services.defaultPlan);
    const kind = run.kind === 'reply' ? 'replies' : 'posts';
    const limit = kind === 'replies' ? plan.limits.repliesPerDay : plan.limits.postsPerDay;
    if (!(await consumeQuota(tx, { workspaceId, kind, limit, at: publishAt })))
      throw await quotaUsedError(tx, { workspaceId, plan, at: publishAt, now: at });
    await tx
      .update(agentRun)
      .set({ status: 'awaiting_review', publishAt, timeChosen: true, quotaDay: usageDay(publishAt), updatedAt: at })
      .where(eq(agentRun.id, run.id));
    await tx
      .update(delivery)
      .set({ status: 'awaiting_review', updatedAt: at })
      .where(and(eq(delivery.runId, run.id), eq(delivery.status, 'expired')));
    await recordAuditEvent(tx, {
      workspaceId,
      actor,
      action: 'draft.edited',
      subject: { id: run.id, name: run.name },
      detail: `Rescheduled after it expired, for ${publishAt.toISOString()}`,
    });
  });
  await showDeliveries({ db, events }, [runId]);
  const [draft] = await listDrafts(services, { workspaceId, runIds: [runId] });
  if (!draft) throw new AppError('CONFLICT', DRAFT_MESSAGES.notWaiting);
  return draft;
};
