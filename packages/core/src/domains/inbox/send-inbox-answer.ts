import { INBOX_MESSAGES } from '@agentcast/contracts/inbox-constants';
import { DRAFT_MESSAGES, textLimitProblems } from '@agentcast/contracts/drafts';
import { platformName } from '@agentcast/contracts/publishing-constants';
import { AppError } from '../../kernel/app-error.ts';
import { refreshDeliverySnapshot } from '../runs/publish/refresh-delivery-snapshot.ts';
import { approveDrafts } from '../runs/review/approve-drafts.ts';
import { changeDraft } from '../runs/review/change-draft.ts';
import type { ReviewServices } from '../runs/review/review-services.ts';
import { findInboxRun, refuseAnsweredOrWriting } from './find-inbox-run.ts';
import { findInboxItem } from './inbox-item.ts';
import { sendOwnAnswer } from './send-own-answer.ts';
import { personActor } from '../audit/audit-actor.ts';

/**
 * "Send" in the Inbox: a drafted answer goes out now (with `text`, as the person edited it); a message the agent did
 * not answer gets the person's own `text` ("Reply yourself"). Never a second answer: a message answered, or being
 * answered, is refused with a sentence. Answers the message as the Inbox shows it.
 */
export const sendInboxAnswer = async (
  services: ReviewServices,
  {
    workspaceId,
    runId,
    text,
    approver,
  }: {
    workspaceId: string;
    runId: string;
    text?: string;
    /** Who sends it: sending an answer that waits for review approves it, which only some roles may. */
    approver: { userId: string; apiKeyId?: string; mayApprove: boolean };
  },
) => {
  const { db, events, now = () => new Date() } = services;
  const at = now();
  const run = await db.transaction(async (tx) => {
    const found = await findInboxRun(tx, { workspaceId, runId });
    refuseAnsweredOrWriting(found.status);
    return found;
  });
  if (run.status === 'awaiting_review') {
    if (!approver.mayApprove) throw new AppError('FORBIDDEN', DRAFT_MESSAGES.approverRole);
    if (text !== undefined && text !== run.postText)
      await changeDraft(services, { workspaceId, runId, changes: { text }, actor: personActor(approver) });
    await approveDrafts(services, { workspaceId, ids: [runId], now: true, approver });
    return findInboxItem(db, { workspaceId, runId });
  }
  if (!text)
    throw new AppError('VALIDATION_FAILED', INBOX_MESSAGES.textRequired, {
      fieldErrors: { text: [INBOX_MESSAGES.textRequired] },
    });
  const problems = textLimitProblems(text, [run.replyTo?.platform ?? ''], platformName);
  if (problems.length > 0)
    throw new AppError('VALIDATION_FAILED', problems.join(' '), { fieldErrors: { text: problems } });
  const entry = await db.transaction(async (tx) => {
    const locked = await findInboxRun(tx, { workspaceId, runId });
    refuseAnsweredOrWriting(locked.status);
    return sendOwnAnswer(services, tx, { run: locked, text, at });
  });
  await refreshDeliverySnapshot(db, runId);
  await events.publish({ type: 'terminal.message', workspaceId, agentId: run.agentId, messageId: entry.messageId });
  return findInboxItem(db, { workspaceId, runId });
};
