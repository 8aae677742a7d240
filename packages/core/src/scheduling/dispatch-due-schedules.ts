import { inArray, sql } from 'drizzle-orm';
import type { PlanId } from '@agentcast/contracts/plans';
import { SCHEDULED_INSTRUCTION } from '@agentcast/contracts/publishing';
import type { Database } from '@agentcast/db/client';
import { agent } from '@agentcast/db/schema/agents';
import { userPlan } from '@agentcast/db/schema/plans';
import { agentSchedule, type AgentScheduleRow } from '@agentcast/db/schema/schedules';
import type { JobQueue } from '../jobs/create-job-queue.ts';
import { transactionExecutor } from '../jobs/transaction-executor.ts';
import { planFor } from '../plans/get-account-plan.ts';
import { POLL_CONVERSATIONS_JOB } from '../replies/poll-conversations-job.ts';
import { planRun } from '../runs/plan-run.ts';
import { dueSlot } from './slot-times.ts';

export type DispatchResult = {
  claimed: number;
  planned: number;
  polls: number;
  /** Runs over quota whose terminal note is new: to announce once the transaction is committed. */
  skipped: { userId: string; agentId: string; messageId: string | null }[];
};

const plansOf = async (tx: Database, userIds: string[], defaultPlan: PlanId) => {
  const rows = userIds.length > 0 ? await tx.select().from(userPlan).where(inArray(userPlan.userId, userIds)) : [];
  const byUser = new Map(rows.map((row) => [row.userId, row.plan]));
  return (userId: string) => planFor(byUser.get(userId), defaultPlan);
};

/**
 * Claims up to `limit` due schedules (FOR UPDATE SKIP LOCKED: each is taken by one worker, others take the next
 * ones), and in the same transaction moves each to its next slot and plans its work: a post run under the key
 * `schedule:{agent}:{slot}` (so no slot is ever run twice, whoever sees it), or a conversations poll.
 */
export const dispatchDueSchedules = async (
  { db, queue, defaultPlan }: { db: Database; queue: JobQueue; defaultPlan: PlanId },
  { now, limit }: { now: Date; limit: number },
): Promise<DispatchResult> =>
  db.transaction(async (tx) => {
    const result = await tx.execute(sql`
      SELECT agent_id AS "agentId", kind, user_id AS "userId", interval_ms AS "intervalMs", jitter_ms AS "jitterMs", next_run_at AS "nextRunAt"
      FROM agent_schedule WHERE next_run_at <= ${now.toISOString()}::timestamptz
      ORDER BY next_run_at LIMIT ${limit} FOR UPDATE SKIP LOCKED`);
    const due = (result as unknown as { rows: AgentScheduleRow[] }).rows.map((row) => ({ ...row, nextRunAt: new Date(row.nextRunAt) }));
    const outcome: DispatchResult = { claimed: due.length, planned: 0, polls: 0, skipped: [] };
    if (due.length === 0) return outcome;

    const posts = due.filter((row) => row.kind === 'post');
    const agents = posts.length > 0 ? await tx.select({ id: agent.id, postConfiguration: agent.postConfiguration }).from(agent).where(inArray(agent.id, posts.map((row) => row.agentId))) : [];
    const clientsOf = new Map(agents.map((row) => [row.id, row.postConfiguration.clients]));
    const planOf = await plansOf(tx, [...new Set(posts.map((row) => row.userId))], defaultPlan);
    const polls: string[] = [];

    for (const row of due) {
      const slot = dueSlot(row, now);
      await tx.update(agentSchedule).set({ nextRunAt: slot.nextRunAt, lastRunAt: slot.dueAt }).where(sql`${agentSchedule.agentId} = ${row.agentId} AND ${agentSchedule.kind} = ${row.kind}`);
      if (row.kind === 'chat') {
        polls.push(row.agentId);
        continue;
      }
      const planned = await planRun(
        tx,
        queue,
        {
          agentId: row.agentId,
          userId: row.userId,
          kind: 'schedule',
          idempotencyKey: `schedule:${row.agentId}:${slot.slotAt.toISOString()}`,
          instruction: SCHEDULED_INSTRUCTION,
          platforms: clientsOf.get(row.agentId) ?? [],
          slotAt: slot.slotAt,
          dueAt: slot.dueAt,
        },
        { plan: planOf(row.userId), at: now },
      );
      if (planned.outcome === 'planned') outcome.planned++;
      if (planned.outcome === 'skipped') outcome.skipped.push({ userId: row.userId, agentId: row.agentId, messageId: planned.terminalMessageId });
    }
    if (polls.length > 0) {
      await queue.insert(POLL_CONVERSATIONS_JOB.name, polls.map((agentId) => ({ data: { agentId }, singletonKey: agentId })), { db: transactionExecutor(tx) });
      outcome.polls = polls.length;
    }
    return outcome;
  });
