import { DRAFT_MESSAGES, MAX_WAITING_DRAFTS } from '@agentcast/contracts/drafts';
import type { Plan } from '@agentcast/contracts/plans';
import type { Logger } from 'pino';
import { PUBLISHING_MESSAGES } from '@agentcast/contracts/publishing';
import { sql } from 'drizzle-orm';
import type { Database } from '@agentcast/db/client';
import { jsonRecords, queryRows } from '@agentcast/db/query-rows';
import { agentRun, delivery } from '@agentcast/db/schema/runs';
import type { JobQueue } from '../../../integrations/queue/create-job-queue.ts';
import { consumeQuotaBatch, consumeUnlimitedQuotas } from '../../plans/consume-quota.ts';
import { countWaitingDrafts } from './count-waiting-drafts.ts';
import { RUN_AGENT_JOB } from './run-agent-job.ts';
import { recordSkippedRun } from './record-skipped-run.ts';
import { tellSkipWebhooks, type SkippedRun } from '../shared/skip-webhook-events.ts';
import { deliveryRowsOf, runRowOf, type PlannedRun, type RunPlan } from './run-plan.ts';
import { sendJobs } from '../../../integrations/queue/send-job.ts';

/**
 * planRun for a batch of scheduled slots, in the caller's transaction, with a handful of statements for the whole
 * batch rather than several per slot: runs (a slot already planned is left alone), each account's quota taken at
 * once (slots beyond it skipped with a note, and told to the account's webhooks), deliveries, and the jobs. Returns
 * each slot's outcome, in order.
 */
export const planScheduledRuns = async (
  tx: Database,
  queue: JobQueue,
  runs: RunPlan[],
  { planOf, at, logger }: { planOf: (workspaceId: string) => Plan; at: Date; logger: Logger },
): Promise<PlannedRun[]> => {
  if (runs.length === 0) return [];
  // The batch's rows as one JSON parameter (jsonRecords): hundreds of rows cost the worker one string to bind.
  const runRows = jsonRecords(
    agentRun,
    runs.map((run) => runRowOf(run, at)),
  );
  const inserted = await queryRows<{ id: string; key: string }>(
    tx,
    sql`INSERT INTO agent_run (${runRows.columns}) SELECT ${runRows.columns} FROM ${runRows.source}
      ON CONFLICT (idempotency_key) DO NOTHING RETURNING id, idempotency_key AS key`,
  );
  const idOf = new Map(inserted.map((row) => [row.key, row.id]));
  const outcomes = new Map<RunPlan, PlannedRun>();
  const skipped: SkippedRun[] = [];
  const skip = async (run: RunPlan, note: string) => {
    const runId = idOf.get(run.idempotencyKey)!;
    outcomes.set(run, await recordSkippedRun(tx, run, runId, { note, at }));
    skipped.push({ ...run, runId, reason: note });
  };

  // Agents with review on wait on at most MAX_WAITING_DRAFTS drafts (the runs just inserted are counted already).
  const reviewing = runs.filter((run) => run.review && idOf.has(run.idempotencyKey));
  const waiting = await countWaitingDrafts(tx, [...new Set(reviewing.map((run) => run.agentId))]);
  for (const run of reviewing) {
    const count = waiting.get(run.agentId) ?? 0;
    if (count <= MAX_WAITING_DRAFTS) continue;
    waiting.set(run.agentId, count - 1);
    await skip(run, DRAFT_MESSAGES.draftsFull(MAX_WAITING_DRAFTS));
  }
  const fresh = runs.filter((run) => idOf.has(run.idempotencyKey) && !outcomes.has(run));

  const granted = new Set<RunPlan>();
  const users = [...new Set(fresh.map((run) => run.workspaceId))];
  // Accounts without a daily limit take all their slots in one statement together; the others one by one.
  const unlimited = new Set(users.filter((workspaceId) => planOf(workspaceId).limits.postsPerDay === null));
  const unlimitedCounts = new Map<string, number>();
  for (const run of fresh.filter((candidate) => unlimited.has(candidate.workspaceId))) {
    unlimitedCounts.set(run.workspaceId, (unlimitedCounts.get(run.workspaceId) ?? 0) + 1);
    granted.add(run);
  }
  await consumeUnlimitedQuotas(tx, { kind: 'posts', at, counts: unlimitedCounts });
  for (const workspaceId of users.filter((candidate) => !unlimited.has(candidate)).sort()) {
    const ofUser = fresh.filter((run) => run.workspaceId === workspaceId);
    const count = await consumeQuotaBatch(tx, {
      workspaceId,
      kind: 'posts',
      limit: planOf(workspaceId).limits.postsPerDay,
      at,
      count: ofUser.length,
    });
    for (const run of ofUser.slice(0, count)) granted.add(run);
  }
  for (const run of fresh.filter((candidate) => !granted.has(candidate))) {
    await skip(run, PUBLISHING_MESSAGES.overPostQuota(planOf(run.workspaceId)));
  }
  await tellSkipWebhooks({ db: tx, queue, logger, now: () => at }, skipped);
  const planned = [...granted];
  if (planned.length > 0) {
    const deliveryRows = jsonRecords(
      delivery,
      planned.flatMap((run) => deliveryRowsOf(run, idOf.get(run.idempotencyKey)!, at)),
    );
    await tx.execute(
      sql`INSERT INTO delivery (${deliveryRows.columns}) SELECT ${deliveryRows.columns} FROM ${deliveryRows.source}`,
    );
    await sendJobs(
      queue,
      RUN_AGENT_JOB,
      planned.map((run) => ({ payload: { runId: idOf.get(run.idempotencyKey)! } })),
      { tx },
    );
    for (const run of planned) outcomes.set(run, { outcome: 'planned', runId: idOf.get(run.idempotencyKey)! });
  }
  return runs.map((run) => outcomes.get(run) ?? { outcome: 'exists' });
};
