import { eq, inArray, sql } from 'drizzle-orm';
import { APPROVAL_STEPS, type Approval, type ApprovalStep } from '@agentcast/contracts/agents';
import { DRAFT_MESSAGES } from '@agentcast/contracts/drafts';
import type { Database } from '@agentcast/db/client';
import { draftApproval } from '@agentcast/db/schema/approvals';
import { user } from '@agentcast/db/schema/auth';
import { agentRun } from '@agentcast/db/schema/runs';
import { terminalMessage } from '@agentcast/db/schema/terminal';

/**
 * The steps a draft still needs once the team has approved it. A draft waits for at least the team's approval even
 * when its agent's review was turned off after it was written (the drafts already waiting stay waiting).
 */
export const stepsAfterTeam = (approval: Approval) => APPROVAL_STEPS[approval].filter((step) => step !== 'team');

/**
 * Records that `step` of these drafts was approved by this member now (issue 36 §3): once per step, the first
 * approval kept. The drafts' terminal entries say who approved them.
 */
export const recordApprovals = async (
  tx: Database,
  {
    workspaceId,
    runIds,
    step,
    approver,
    at,
  }: { workspaceId: string; runIds: string[]; step: ApprovalStep; approver: { userId: string }; at: Date },
) => {
  if (runIds.length === 0) return;
  const [person] = await tx
    .select({ name: user.name, email: user.email })
    .from(user)
    .where(eq(user.id, approver.userId));
  const name = person?.name || person?.email || 'a member who has left';
  await tx
    .insert(draftApproval)
    .values(
      runIds.map((runId) => ({
        workspaceId,
        runId,
        step,
        approvedBy: approver.userId,
        approverName: name,
        approvedAt: at,
      })),
    )
    .onConflictDoNothing();
  await tx
    .update(terminalMessage)
    .set({ notes: sql`${terminalMessage.notes} || ${JSON.stringify([DRAFT_MESSAGES.approvedBy(name)])}::jsonb` })
    .where(
      inArray(
        terminalMessage.messageId,
        tx.select({ id: agentRun.terminalMessageId }).from(agentRun).where(inArray(agentRun.id, runIds)),
      ),
    );
};
