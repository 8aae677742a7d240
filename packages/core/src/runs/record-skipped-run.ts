import { eq } from 'drizzle-orm';
import type { Database } from '@agentcast/db/client';
import { agentRun } from '@agentcast/db/schema/runs';
import { terminalMessage } from '@agentcast/db/schema/terminal';
import { isRepeatedSkip } from './is-repeated-skip.ts';
import type { RunPlan } from './run-plan.ts';

/** A planned run that will not happen (over the quota): marked skipped, with a terminal note unless it repeats the last. */
export const recordSkippedRun = async (tx: Database, run: RunPlan, runId: string, { note, at }: { note: string; at: Date }) => {
  const isRepeat = run.kind !== 'manual' && (await isRepeatedSkip(tx, { agentId: run.agentId, kind: run.kind, runId, reason: note }));
  const [message] = isRepeat
    ? []
    : await tx
        .insert(terminalMessage)
        .values({
          agentId: run.agentId,
          userId: run.userId,
          runId,
          createdAt: at,
          tweetContent: '',
          instruction: run.instruction,
          trigger: run.kind,
          replyTo: run.replyTo,
          model: '',
          isOffline: false,
          notes: [note],
        })
        .returning({ id: terminalMessage.messageId });
  const terminalMessageId = message?.id ?? null;
  await tx.update(agentRun).set({ status: 'skipped', error: note, terminalMessageId }).where(eq(agentRun.id, runId));
  return { outcome: 'skipped' as const, runId, terminalMessageId };
};
