import { and, eq } from 'drizzle-orm';
import { INBOX_MESSAGES } from '@agentcast/contracts/inbox-constants';
import type { Database } from '@agentcast/db/client';
import { agentRun } from '@agentcast/db/schema/runs';
import { AppError } from '../../kernel/app-error.ts';
import { isUuid } from '../../kernel/is-uuid.ts';

/**
 * The user's message (its reply run), locked for the rest of the caller's transaction, so two people acting on it at
 * once are served one after the other. Another user's message answers 404 like a missing one.
 */
export const findInboxRun = async (tx: Database, { workspaceId, runId }: { workspaceId: string; runId: string }) => {
  const [run] = isUuid(runId)
    ? await tx
        .select()
        .from(agentRun)
        .where(and(eq(agentRun.id, runId), eq(agentRun.workspaceId, workspaceId), eq(agentRun.kind, 'reply')))
        .for('update')
    : [];
  if (!run) throw new AppError('NOT_FOUND', INBOX_MESSAGES.notFound);
  return run;
};

/** What cannot be done to a message whose answer is on its way, or is being written. */
export const refuseAnsweredOrWriting = (status: string) => {
  if (status === 'ready') throw new AppError('CONFLICT', INBOX_MESSAGES.alreadyAnswered);
  if (status === 'planned' || status === 'generating') throw new AppError('CONFLICT', INBOX_MESSAGES.beingWritten);
};
