import type { Plan } from '@agentcast/contracts/plans';
import { PUBLISHING_MESSAGES } from '@agentcast/contracts/publishing';
import type { Database } from '@agentcast/db/client';
import { agentRun, delivery } from '@agentcast/db/schema/runs';
import type { JobQueue } from '../jobs/create-job-queue.ts';
import { transactionExecutor } from '../jobs/transaction-executor.ts';
import { consumeQuotaBatch } from '../plans/consume-quota.ts';
import { RUN_AGENT_JOB } from '../runtime/run-agent-job.ts';
import { recordSkippedRun } from './record-skipped-run.ts';
import { deliveryRowsOf, runRowOf, type PlannedRun, type RunPlan } from './run-plan.ts';

/**
 * planRun for a batch of scheduled slots, in the caller's transaction, with a handful of statements for the whole
 * batch rather than several per slot: runs (a slot already planned is left alone), each account's quota taken at
 * once (slots beyond it skipped with a note), deliveries, and the jobs. Returns each slot's outcome, in order.
 */
export const planScheduledRuns = async (
  tx: Database,
  queue: JobQueue,
  runs: RunPlan[],
  { planOf, at }: { planOf: (userId: string) => Plan; at: Date },
): Promise<PlannedRun[]> => {
  if (runs.length === 0) return [];
  const inserted = await tx
    .insert(agentRun)
    .values(runs.map((run) => runRowOf(run, at)))
    .onConflictDoNothing({ target: agentRun.idempotencyKey })
    .returning({ id: agentRun.id, key: agentRun.idempotencyKey });
  const idOf = new Map(inserted.map((row) => [row.key, row.id]));
  const fresh = runs.filter((run) => idOf.has(run.idempotencyKey));

  const granted = new Set<RunPlan>();
  for (const userId of new Set(fresh.map((run) => run.userId))) {
    const ofUser = fresh.filter((run) => run.userId === userId);
    const count = await consumeQuotaBatch(tx, { userId, kind: 'posts', limit: planOf(userId).limits.postsPerDay, at, count: ofUser.length });
    for (const run of ofUser.slice(0, count)) granted.add(run);
  }
  const outcomes = new Map<RunPlan, PlannedRun>();
  for (const run of fresh.filter((candidate) => !granted.has(candidate))) {
    outcomes.set(run, await recordSkippedRun(tx, run, idOf.get(run.idempotencyKey)!, { note: PUBLISHING_MESSAGES.overPostQuota(planOf(run.userId)), at }));
  }
  const planned = [...granted];
  if (planned.length > 0) {
    await tx.insert(delivery).values(planned.flatMap((run) => deliveryRowsOf(run, idOf.get(run.idempotencyKey)!, at)));
    await queue.insert(
      RUN_AGENT_JOB.name,
      planned.map((run) => ({ data: { runId: idOf.get(run.idempotencyKey)! }, retryLimit: RUN_AGENT_JOB.retryLimit, retryBackoff: true })),
      { db: transactionExecutor(tx) },
    );
    for (const run of planned) outcomes.set(run, { outcome: 'planned', runId: idOf.get(run.idempotencyKey)! });
  }
  return runs.map((run) => outcomes.get(run) ?? { outcome: 'exists' });
};
