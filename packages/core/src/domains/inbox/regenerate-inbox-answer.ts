import { INBOX_MESSAGES } from '@agentcast/contracts/inbox-constants';
import { AppError } from '../../kernel/app-error.ts';
import { changeDraft } from '../runs/review/change-draft.ts';
import { regenerateDraft } from '../runs/review/regenerate-draft.ts';
import type { ReviewServices } from '../runs/review/review-services.ts';
import { findInboxRun } from './find-inbox-run.ts';
import { findInboxItem } from './inbox-item.ts';
import type { AuditActor } from '../audit/audit-actor.ts';

/**
 * "Regenerate" in the Inbox: the agent writes another answer to a message whose answer waits for approval (a worker
 * writes it, as every answer), and the new one becomes the draft; the earlier ones stay among its versions, for the
 * Review tab. Answers the message as the Inbox shows it.
 */
export const regenerateInboxAnswer = async (
  services: ReviewServices,
  {
    workspaceId,
    runId,
    timeoutMs,
    actor,
  }: { workspaceId: string; runId: string; timeoutMs: number; actor: AuditActor },
) => {
  const run = await services.db.transaction((tx) => findInboxRun(tx, { workspaceId, runId }));
  if (run.status !== 'awaiting_review') throw new AppError('CONFLICT', INBOX_MESSAGES.notADraft);
  const draft = await regenerateDraft(services, { workspaceId, runId, timeoutMs });
  await changeDraft(services, { workspaceId, runId, changes: { version: draft.versions.length - 1 }, actor });
  return findInboxItem(services.db, { workspaceId, runId });
};
