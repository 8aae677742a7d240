import { eq, inArray, sql } from 'drizzle-orm';
import { APPROVAL_STEPS, type Approval, type ApprovalStep } from '@agentcast/contracts/agents';
import { CLIENT_LINK_MESSAGES } from '@agentcast/contracts/client-links';
import { DRAFT_MESSAGES } from '@agentcast/contracts/drafts';
import type { Database } from '@agentcast/db/client';
import { draftApproval } from '@agentcast/db/schema/approvals';
import { user } from '@agentcast/db/schema/auth';
import { agentRun } from '@agentcast/db/schema/runs';
import { terminalMessage } from '@agentcast/db/schema/terminal';
import { personActor, type AuditActor } from '../../audit/audit-actor.ts';
import { recordAuditEvents } from '../../audit/record-audit-event.ts';
import { draftSubjects } from '../shared/draft-subjects.ts';

/**
 * The steps a draft still needs once the team has approved it. A draft waits for at least the team's approval even
 * when its agent's review was turned off after it was written (the drafts already waiting stay waiting).
 */
export const stepsAfterTeam = (approval: Approval) => APPROVAL_STEPS[approval].filter((step) => step !== 'team');

/**
 * Who gives an approval step: a member (their name is looked up; with the API key they used, if any), or a client
 * through their link.
 */
export type ApprovalGiver = { userId: string; apiKeyId?: string } | { clientLinkId: string; clientName: string };

const auditActorOf = (giver: ApprovalGiver): AuditActor =>
  'clientLinkId' in giver
    ? { kind: 'client', clientLinkId: giver.clientLinkId, name: giver.clientName }
    : personActor(giver);

/**
 * Records that `step` of these drafts was approved now (issue 36 §3): once per step, the first approval kept. The
 * drafts' terminal entries say who approved them, and the audit log too.
 */
export const recordApprovals = async (
  tx: Database,
  {
    workspaceId,
    runIds,
    step,
    approver,
    at,
  }: { workspaceId: string; runIds: string[]; step: ApprovalStep; approver: ApprovalGiver; at: Date },
) => {
  if (runIds.length === 0) return;
  const [name, note] =
    'clientLinkId' in approver
      ? [approver.clientName, CLIENT_LINK_MESSAGES.approvedByClient(approver.clientName)]
      : await memberName(tx, approver.userId).then((member) => [member, DRAFT_MESSAGES.approvedBy(member)] as const);
  await tx
    .insert(draftApproval)
    .values(
      runIds.map((runId) => ({
        workspaceId,
        runId,
        step,
        approvedBy: 'userId' in approver ? approver.userId : null,
        clientLinkId: 'clientLinkId' in approver ? approver.clientLinkId : null,
        approverName: name,
        approvedAt: at,
      })),
    )
    .onConflictDoNothing();
  await recordAuditEvents(tx, {
    workspaceId,
    actor: auditActorOf(approver),
    action: 'draft.approved',
    subjects: await draftSubjects(tx, runIds, step === 'client' ? 'The client’s approval' : 'The team’s approval'),
  });
  await tx
    .update(terminalMessage)
    .set({ notes: sql`${terminalMessage.notes} || ${JSON.stringify([note])}::jsonb` })
    .where(
      inArray(
        terminalMessage.messageId,
        tx.select({ id: agentRun.terminalMessageId }).from(agentRun).where(inArray(agentRun.id, runIds)),
      ),
    );
};

const memberName = async (tx: Database, userId: string) => {
  const [person] = await tx.select({ name: user.name, email: user.email }).from(user).where(eq(user.id, userId));
  return person?.name || person?.email || 'a member who has left';
};
