import { eq } from 'drizzle-orm';
import type { ReplyTarget } from '@agentcast/contracts/terminal';
import type { Database } from '@agentcast/db/client';
import { agentRun, delivery, type AgentRunRow } from '@agentcast/db/schema/runs';
import { terminalMessage } from '@agentcast/db/schema/terminal';
import { refundQuota } from '../plans/consume-quota.ts';

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
    const [message] = note
      ? await tx
          .insert(terminalMessage)
          .values({
            agentId: run.agentId,
            userId: run.userId,
            runId: run.id,
            createdAt: at,
            tweetContent: '',
            instruction: run.instruction,
            trigger: run.kind,
            replyTo: run.replyTo as ReplyTarget | null,
            model: '',
            isOffline: false,
            notes: [note],
          })
          .returning()
      : [];
    await tx
      .update(agentRun)
      .set({ status, error: reason, leaseUntil: null, terminalMessageId: message?.messageId ?? null, updatedAt: at })
      .where(eq(agentRun.id, run.id));
    await refundQuota(tx, { userId: run.userId, kind: run.kind === 'reply' ? 'replies' : 'posts', at: run.createdAt });
    return message ?? null;
  });
