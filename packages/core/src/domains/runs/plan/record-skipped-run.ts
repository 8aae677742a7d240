import { eq } from 'drizzle-orm';
import type { Database } from '@agentcast/db/client';
import { agentRun } from '@agentcast/db/schema/runs';
import { insertRunNote } from '../record/insert-run-note.ts';
import { isRepeatedSkip } from '../record/is-repeated-skip.ts';
import type { RunPlan } from './run-plan.ts';

/**
 * A planned run that will not happen (over the quota, or too many drafts waiting): marked skipped, with a terminal
 * note unless it repeats the last. It holds none of the day's quota.
 */
export const recordSkippedRun = async (
  tx: Database,
  run: RunPlan,
  runId: string,
  { note, at }: { note: string; at: Date },
) => {
  const isRepeat =
    run.kind !== 'manual' && (await isRepeatedSkip(tx, { agentId: run.agentId, kind: run.kind, runId, reason: note }));
  const message = isRepeat ? null : await insertRunNote(tx, run, runId, { note, at });
  const terminalMessageId = message?.messageId ?? null;
  await tx
    .update(agentRun)
    .set({ status: 'skipped', error: note, terminalMessageId, quotaDay: null })
    .where(eq(agentRun.id, runId));
  return { outcome: 'skipped' as const, runId, terminalMessageId, reason: note };
};
