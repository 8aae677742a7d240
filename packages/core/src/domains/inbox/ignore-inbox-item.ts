import { eq } from 'drizzle-orm';
import { agentRun, delivery } from '@agentcast/db/schema/runs';
import { rejectDraft } from '../runs/review/reject-draft.ts';
import type { ReviewServices } from '../runs/review/review-services.ts';
import { findInboxRun, refuseAnsweredOrWriting } from './find-inbox-run.ts';
import { findInboxItem } from './inbox-item.ts';
import type { AuditActor } from '../audit/audit-actor.ts';

/**
 * "Ignore" in the Inbox: the message stays unanswered. A drafted answer is rejected (never sent, its quota given
 * back); an answer that could not be written is let go. Ignoring a message already not answered changes nothing; one
 * answered, or being answered, is refused. Answers the message as the Inbox shows it.
 */
export const ignoreInboxItem = async (
  services: ReviewServices,
  { workspaceId, runId, actor }: { workspaceId: string; runId: string; actor: AuditActor },
) => {
  const { db, now = () => new Date() } = services;
  const run = await db.transaction(async (tx) => {
    const found = await findInboxRun(tx, { workspaceId, runId });
    refuseAnsweredOrWriting(found.status);
    if (found.status === 'failed') {
      const at = now();
      await tx
        .update(agentRun)
        .set({ status: 'rejected', reviewedAt: at, updatedAt: at })
        .where(eq(agentRun.id, runId));
      await tx.update(delivery).set({ status: 'rejected', updatedAt: at }).where(eq(delivery.runId, runId));
    }
    return found;
  });
  if (run.status === 'awaiting_review') await rejectDraft(services, { workspaceId, runId, actor });
  return findInboxItem(db, { workspaceId, runId });
};
