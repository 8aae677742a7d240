import { inArray, sql, type SQL } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { PlanId } from '@agentcast/contracts/plans';
import { SCHEDULED_INSTRUCTION } from '@agentcast/contracts/publishing';
import type { Database } from '@agentcast/db/client';
import { agent } from '@agentcast/db/schema/agents';
import { userPlan } from '@agentcast/db/schema/plans';
import type { AgentScheduleRow } from '@agentcast/db/schema/schedules';
import { queryRows } from '@agentcast/db/query-rows';
import type { JobQueue } from '../../integrations/queue/create-job-queue.ts';
import { planFor } from '../plans/get-account-plan.ts';
import { POLL_CONVERSATIONS_JOB } from '../replies/poll-conversations-job.ts';
import { planScheduledRuns } from '../runs/plan/plan-scheduled-runs.ts';
import type { RunPlan } from '../runs/plan/run-plan.ts';
import { dueSlot } from '../schedules/slot-times.ts';
import { sendJobs } from '../../integrations/queue/send-job.ts';

export type DispatchResult = {
  claimed: number;
  planned: number;
  polls: number;
  /** Runs over quota whose terminal note is new: to announce once the transaction is committed. */
  skipped: { workspaceId: string; agentId: string; messageId: string | null }[];
};

const plansOf = async (tx: Database, workspaceIds: string[], defaultPlan: PlanId) => {
  const rows =
    workspaceIds.length > 0 ? await tx.select().from(userPlan).where(inArray(userPlan.workspaceId, workspaceIds)) : [];
  const byUser = new Map(rows.map((row) => [row.workspaceId, row.plan]));
  return (workspaceId: string) => planFor(byUser.get(workspaceId), defaultPlan);
};

/**
 * The slots a person skipped in the Calendar are let pass: no run, no quota, no note (they chose it). Their marks
 * are used up.
 */
const withoutSkippedSlots = async (tx: Database, runs: RunPlan[]) => {
  if (runs.length === 0) return runs;
  const skipped = await queryRows<{ agent_id: string }>(
    tx,
    sql`DELETE FROM schedule_skip WHERE (agent_id, slot_at) IN (${sql.join(
      runs.map((run) => sql`(${run.agentId}::uuid, ${run.slotAt!.toISOString()}::timestamptz)`),
      sql`, `,
    )}) RETURNING agent_id`,
  );
  // One post slot per agent in a dispatch: the agent names it.
  const skippedAgents = new Set(skipped.map((row) => row.agent_id));
  return runs.filter((run) => !skippedAgents.has(run.agentId));
};

/**
 * Claims up to `limit` due schedules (FOR UPDATE SKIP LOCKED: each is taken by one worker, others take the next
 * ones), and in the same transaction moves each to its next slot and plans its work: a post run under the key
 * `schedule:{agent}:{slot}` (so no slot is ever run twice, whoever sees it), or a conversations poll.
 */
export const dispatchDueSchedules = async (
  { db, queue, defaultPlan, logger }: { db: Database; queue: JobQueue; defaultPlan: PlanId; logger: Logger },
  { now, limit }: { now: Date; limit: number },
): Promise<DispatchResult> =>
  db.transaction(async (tx) => {
    const rows = await queryRows<AgentScheduleRow>(
      tx,
      sql`
      SELECT agent_id AS "agentId", kind, workspace_id AS "workspaceId", interval_ms AS "intervalMs", jitter_ms AS "jitterMs", spread, next_run_at AS "nextRunAt"
      FROM agent_schedule WHERE next_run_at <= ${now.toISOString()}::timestamptz
      ORDER BY next_run_at LIMIT ${limit} FOR UPDATE SKIP LOCKED`,
    );
    const due = rows.map((row) => ({
      ...row,
      nextRunAt: new Date(row.nextRunAt),
    }));
    const outcome: DispatchResult = { claimed: due.length, planned: 0, polls: 0, skipped: [] };
    if (due.length === 0) return outcome;

    const posts = due.filter((row) => row.kind === 'post');
    const agents =
      posts.length > 0
        ? await tx
            .select({
              id: agent.id,
              postConfiguration: agent.postConfiguration,
              review: sql<boolean>`${agent.approval} <> 'none'`,
            })
            .from(agent)
            .where(
              inArray(
                agent.id,
                posts.map((row) => row.agentId),
              ),
            )
        : [];
    const agentOf = new Map(agents.map((row) => [row.id, row]));
    const planOf = await plansOf(tx, [...new Set(posts.map((row) => row.workspaceId))], defaultPlan);
    const polls: string[] = [];
    const moves: SQL[] = [];

    const slotRuns: RunPlan[] = [];
    for (const row of due) {
      const slot = dueSlot(row, now);
      moves.push(
        sql`(${row.agentId}::uuid, ${row.kind}, ${slot.nextRunAt.toISOString()}::timestamptz, ${slot.dueAt.toISOString()}::timestamptz)`,
      );
      if (row.kind === 'chat') {
        polls.push(row.agentId);
        continue;
      }
      slotRuns.push({
        agentId: row.agentId,
        workspaceId: row.workspaceId,
        kind: 'schedule',
        idempotencyKey: `schedule:${row.agentId}:${slot.slotAt.toISOString()}`,
        instruction: SCHEDULED_INSTRUCTION,
        platforms: agentOf.get(row.agentId)?.postConfiguration.clients ?? [],
        review: agentOf.get(row.agentId)?.review ?? false,
        slotAt: slot.slotAt,
        dueAt: slot.dueAt,
      });
    }
    await tx.execute(sql`
      UPDATE agent_schedule SET next_run_at = moved.next_run_at, last_run_at = moved.last_run_at
      FROM (VALUES ${sql.join(moves, sql`, `)}) AS moved(agent_id, kind, next_run_at, last_run_at)
      WHERE agent_schedule.agent_id = moved.agent_id AND agent_schedule.kind = moved.kind`);
    const toPlan = await withoutSkippedSlots(tx, slotRuns);
    const planned = await planScheduledRuns(tx, queue, toPlan, { planOf, at: now, logger });
    planned.forEach((result, index) => {
      const run = toPlan[index]!;
      if (result.outcome === 'planned') outcome.planned++;
      if (result.outcome === 'skipped')
        outcome.skipped.push({
          workspaceId: run.workspaceId,
          agentId: run.agentId,
          messageId: result.terminalMessageId,
        });
    });
    if (polls.length > 0) {
      await sendJobs(
        queue,
        POLL_CONVERSATIONS_JOB,
        polls.map((agentId) => ({ payload: { agentId }, singletonKey: agentId })),
        { tx },
      );
      outcome.polls = polls.length;
    }
    return outcome;
  });
