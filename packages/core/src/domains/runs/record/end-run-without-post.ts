import { eq } from 'drizzle-orm';
import type { ReplyTarget } from '@agentcast/contracts/terminal';
import type { Database } from '@agentcast/db/client';
import { agentRun, delivery, type AgentRunRow } from '@agentcast/db/schema/runs';
import { heldQuotaDay, refundQuota } from '../../plans/consume-quota.ts';
import { insertRunNote } from './insert-run-note.ts';

/**
 * A run that will not post: `skipped` (e.g. the membership ended) or `failed` (the writer failed for good). Its
 * deliveries fail with the same reason, the day's quota it took is given back, and — unless someone is waiting for
 * the answer (a manual trigger shows the error itself) — the terminal gets an entry saying why.
 */
export const endRunWithoutPost = async (
  db: Database,
  run: AgentRunRow,
  { status, reason, note, at }: { status: 'skipped' | 'failed'; reason: string; note: string | null; at: Date },
) =>
  db.transaction(async (tx) => {
    await tx.update(delivery).set({ status: 'failed', error: reason, updatedAt: at }).where(eq(delivery.runId, run.id));
    const message = note
      ? await insertRunNote(tx, { ...run, replyTo: run.replyTo as ReplyTarget | null }, run.id, { note, at })
      : null;
    await tx
      .update(agentRun)
      .set({ status, error: reason, leaseUntil: null, terminalMessageId: message?.messageId ?? null, updatedAt: at })
      .where(eq(agentRun.id, run.id));
    await refundQuota(tx, {
      workspaceId: run.workspaceId,
      kind: run.kind === 'reply' ? 'replies' : 'posts',
      day: heldQuotaDay(run),
    });
    return message;
  });
