import { and, eq, sql } from 'drizzle-orm';
import { CLIENT_LINK_MESSAGES } from '@agentcast/contracts/client-links';
import { DRAFT_MESSAGES } from '@agentcast/contracts/drafts';
import type { Database } from '@agentcast/db/client';
import { agent } from '@agentcast/db/schema/agents';
import { draftApproval, draftComment } from '@agentcast/db/schema/approvals';
import type { ClientLinkRow } from '@agentcast/db/schema/client-links';
import { agentRun } from '@agentcast/db/schema/runs';
import { terminalMessage } from '@agentcast/db/schema/terminal';
import { AppError } from '../../kernel/app-error.ts';
import { isUuid } from '../../kernel/is-uuid.ts';
import { showDeliveries } from '../runs/publish/show-deliveries.ts';
import { recordApprovals } from '../runs/review/record-approvals.ts';
import { releaseDrafts } from '../runs/review/release-drafts.ts';
import type { ClientApprovalServices } from './client-approval-services.ts';
import { findWorkingClientLink } from './client-link-token.ts';
import { recordAuditEvents } from '../audit/record-audit-event.ts';
import { draftSubjects } from '../runs/shared/draft-subjects.ts';

/**
 * The draft, locked for the caller's transaction, if it waits for this link's client: its agent asks for the team
 * and then the client, the team has approved it and the client has not. Otherwise 409 with the sentence (404 for
 * an id that is not a draft of this workspace at all, so the page reveals nothing else).
 */
const findDraftForClient = async (tx: Database, link: ClientLinkRow, runId: string) => {
  const [run] = isUuid(runId)
    ? await tx
        .select({
          id: agentRun.id,
          agentId: agentRun.agentId,
          kind: agentRun.kind,
          status: agentRun.status,
          publishAt: agentRun.publishAt,
          timeChosen: agentRun.timeChosen,
          quotaDay: agentRun.quotaDay,
          createdAt: agentRun.createdAt,
          terminalMessageId: agentRun.terminalMessageId,
          approval: agent.approval,
        })
        .from(agentRun)
        .innerJoin(agent, eq(agent.id, agentRun.agentId))
        .where(and(eq(agentRun.id, runId), eq(agentRun.workspaceId, link.workspaceId)))
        .for('update', { of: agentRun })
    : [];
  if (!run) throw new AppError('NOT_FOUND', 'Draft not found');
  const steps = await tx
    .select({ step: draftApproval.step })
    .from(draftApproval)
    .where(eq(draftApproval.runId, run.id));
  const waits =
    run.status === 'awaiting_review' &&
    run.approval === 'team_then_client' &&
    steps.some(({ step }) => step === 'team') &&
    !steps.some(({ step }) => step === 'client');
  if (!waits) throw new AppError('CONFLICT', CLIENT_LINK_MESSAGES.notWaitingForClient);
  return run;
};

/**
 * "Approve" on a client's page: the client's step is recorded (by the client's name, through this link) and the
 * draft goes out at its planned time, or at once when that has passed — unless a person chose that time and it
 * passed, when the draft expires instead.
 */
export const approveAsClient = async (
  services: ClientApprovalServices,
  { token, runId }: { token: string; runId: string },
) => {
  const { db, events, now } = services;
  const at = now();
  const link = await findWorkingClientLink(db, { token, now: at });
  await db.transaction(async (tx) => {
    const run = await findDraftForClient(tx, link, runId);
    if (run.timeChosen && run.publishAt && run.publishAt <= at)
      throw new AppError('CONFLICT', DRAFT_MESSAGES.expiredBeforeApproval);
    const approver = { clientLinkId: link.id, clientName: link.clientName };
    await recordApprovals(tx, { workspaceId: link.workspaceId, runIds: [run.id], step: 'client', approver, at });
    await releaseDrafts(tx, services, { workspaceId: link.workspaceId, runs: [run], at, postNow: false });
  });
  await showDeliveries({ db, events }, [runId]);
  return { success: true as const };
};

/**
 * "Request changes" on a client's page: the comment is kept on the draft for the team, its terminal entry says so,
 * and the draft goes back to the team (their approval is taken back: they change it and approve it again).
 */
export const requestChangesAsClient = async (
  services: ClientApprovalServices,
  { token, runId, comment }: { token: string; runId: string; comment: string },
) => {
  const { db, events, now } = services;
  const at = now();
  const link = await findWorkingClientLink(db, { token, now: at });
  const run = await db.transaction(async (tx) => {
    const found = await findDraftForClient(tx, link, runId);
    await tx.insert(draftComment).values({
      workspaceId: link.workspaceId,
      runId: found.id,
      clientLinkId: link.id,
      authorName: link.clientName,
      body: comment,
      changesRequested: true,
      createdAt: at,
    });
    await tx.delete(draftApproval).where(and(eq(draftApproval.runId, found.id), eq(draftApproval.step, 'team')));
    await recordAuditEvents(tx, {
      workspaceId: link.workspaceId,
      actor: { kind: 'client', clientLinkId: link.id, name: link.clientName },
      action: 'draft.changes_requested',
      subjects: await draftSubjects(tx, [found.id], comment),
    });
    if (found.terminalMessageId) {
      const note = CLIENT_LINK_MESSAGES.changesRequested(link.clientName, comment);
      await tx
        .update(terminalMessage)
        .set({ notes: sql`${terminalMessage.notes} || ${JSON.stringify([note])}::jsonb` })
        .where(eq(terminalMessage.messageId, found.terminalMessageId));
    }
    return found;
  });
  if (run.terminalMessageId)
    await events.publish({
      type: 'terminal.updated',
      workspaceId: link.workspaceId,
      agentId: run.agentId,
      messageId: run.terminalMessageId,
    });
  return { success: true as const };
};
