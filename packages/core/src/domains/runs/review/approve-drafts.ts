import { and, eq, inArray } from 'drizzle-orm';
import { DRAFT_MESSAGES } from '@agentcast/contracts/drafts';
import { agent } from '@agentcast/db/schema/agents';
import { agentRun } from '@agentcast/db/schema/runs';
import { AppError } from '../../../kernel/app-error.ts';
import { showDeliveries } from '../publish/show-deliveries.ts';
import { recordApprovals, stepsAfterTeam } from './record-approvals.ts';
import { releaseDrafts } from './release-drafts.ts';
import type { ReviewServices } from './review-services.ts';

export type ApprovedDraft = { id: string; publish_at: string };

/** Who gives the team's approval step: a member with the approve action (the route checked the role). */
export type Approver = { userId: string };

/**
 * Gives the workspace's drafts the team's approval (issue 36 §3), recorded with who gave it and when. A draft whose
 * agent asks for nothing more (one approval; or review was turned off since) is released (release-drafts.ts: at its
 * planned time, or at once when that has passed or `now` asks for it); one that waits for the client keeps waiting.
 * Drafts that are no longer waiting (approved or rejected meanwhile, or another workspace's) are left out; none left
 * at all is an error. A draft whose chosen time has passed is not approved (it expires: reschedule it).
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
    const timed = await releaseDrafts(tx, { queue, defaultPlan }, { workspaceId, runs, at, postNow });
    return [...timed, ...forClient];
  });
  if (approved.length === 0) throw new AppError('CONFLICT', DRAFT_MESSAGES.notWaiting);
  await showDeliveries(
    { db, events },
    approved.map((run) => run.id),
  );
  return approved.map((run) => ({ id: run.id, publish_at: run.publishAt.toISOString() }));
};
