import { and, eq } from 'drizzle-orm';
import { DRAFT_MESSAGES } from '@agentcast/contracts/drafts';
import type { Database } from '@agentcast/db/client';
import { agentRun } from '@agentcast/db/schema/runs';
import { AppError } from '../../../kernel/app-error.ts';
import { isUuid } from '../../../kernel/is-uuid.ts';

/**
 * The user's draft, locked for the rest of the caller's transaction (two people approving and rejecting it at once
 * are served one after the other). Another user's draft answers 404 like a missing one; a draft already approved or
 * rejected answers 409.
 */
export const findWaitingDraft = async (
  tx: Database,
  { workspaceId, runId }: { workspaceId: string; runId: string },
) => {
  const [run] = isUuid(runId)
    ? await tx
        .select()
        .from(agentRun)
        .where(and(eq(agentRun.id, runId), eq(agentRun.workspaceId, workspaceId)))
        .for('update')
    : [];
  if (!run) throw new AppError('NOT_FOUND', 'Draft not found');
  if (run.status !== 'awaiting_review') throw new AppError('CONFLICT', DRAFT_MESSAGES.notWaiting);
  return run;
};
