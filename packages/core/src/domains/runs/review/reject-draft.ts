import { eq, sql } from 'drizzle-orm';
import { DRAFT_MESSAGES } from '@agentcast/contracts/drafts';
import { agentRun, delivery } from '@agentcast/db/schema/runs';
import { terminalMessage } from '@agentcast/db/schema/terminal';
import { heldQuotaDay, refundQuota } from '../../plans/consume-quota.ts';
import type { AuditActor } from '../../audit/audit-actor.ts';
import { recordAuditEvents } from '../../audit/record-audit-event.ts';
import { draftSubjects } from '../shared/draft-subjects.ts';
import { showDeliveries } from '../publish/show-deliveries.ts';
import { findWaitingDraft } from './find-waiting-draft.ts';
import type { ReviewServices } from './review-services.ts';

/**
 * Rejects a waiting draft: it is never published. The day's quota it took is given back, and its terminal entry
 * keeps the post with the person's reason, so the agent's owner can see what was turned down and why.
 */
export const rejectDraft = async (
  { db, events, now = () => new Date() }: ReviewServices,
  { workspaceId, runId, reason, actor }: { workspaceId: string; runId: string; reason?: string; actor: AuditActor },
) => {
  const at = now();
  const note = DRAFT_MESSAGES.rejected(reason || null);
  const run = await db.transaction(async (tx) => {
    const draft = await findWaitingDraft(tx, { workspaceId, runId });
    await tx
      .update(agentRun)
      .set({ status: 'rejected', reviewNote: reason || null, reviewedAt: at, updatedAt: at })
      .where(eq(agentRun.id, draft.id));
    await tx.update(delivery).set({ status: 'rejected', updatedAt: at }).where(eq(delivery.runId, draft.id));
    if (draft.terminalMessageId) {
      await tx
        .update(terminalMessage)
        .set({ notes: sql`${terminalMessage.notes} || ${JSON.stringify([note])}::jsonb` })
        .where(eq(terminalMessage.messageId, draft.terminalMessageId));
    }
    // A post that never goes out gives back the quota of the day it was to go out.
    await refundQuota(tx, {
      workspaceId,
      kind: draft.kind === 'reply' ? 'replies' : 'posts',
      day: heldQuotaDay(draft),
    });
    await recordAuditEvents(tx, {
      workspaceId,
      actor,
      action: 'draft.rejected',
      subjects: await draftSubjects(tx, [draft.id], reason || undefined),
    });
    return draft;
  });
  await showDeliveries({ db, events }, [run.id]);
  return { success: true as const };
};
