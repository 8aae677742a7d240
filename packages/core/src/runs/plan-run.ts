import { eq } from 'drizzle-orm';
import type { Plan } from '@agentcast/contracts/plans';
import { PUBLISHING_MESSAGES } from '@agentcast/contracts/publishing';
import type { ReplyTarget } from '@agentcast/contracts/terminal';
import type { Database } from '@agentcast/db/client';
import { agentRun, delivery, type RunKind } from '@agentcast/db/schema/runs';
import { terminalMessage } from '@agentcast/db/schema/terminal';
import type { JobQueue } from '../jobs/create-job-queue.ts';
import { transactionExecutor } from '../jobs/transaction-executor.ts';
import { consumeQuota } from '../plans/consume-quota.ts';
import { RUN_AGENT_JOB } from '../runtime/run-agent-job.ts';
import { isRepeatedSkip } from './is-repeated-skip.ts';

export type RunPlan = {
  agentId: string;
  userId: string;
  kind: RunKind;
  /** `schedule:{agent}:{slot}`, `manual:{trigger}`, `reply:{agent}:{platform}:{post}`: a run per key, ever. */
  idempotencyKey: string;
  instruction: string;
  /** Where the post goes besides the terminal (the agent's post clients; x for a reply). */
  platforms: string[];
  slotAt?: Date;
  dueAt?: Date;
  triggerId?: string;
  replyTo?: ReplyTarget;
};

export type PlannedRun =
  | { outcome: 'planned'; runId: string }
  /**
   * Over the plan's quota: recorded, with a terminal note saying so — once per streak: a scheduled run or reply
   * skipped for the same reason as the ones before it adds no second note (`terminalMessageId` null).
   */
  | { outcome: 'skipped'; runId: string; terminalMessageId: string | null }
  /** This key was planned before (a slot seen twice, a mention seen again). */
  | { outcome: 'exists' };

/**
 * Plans a run inside the caller's transaction: the run under its idempotency key, today's quota taken from the
 * account's plan, one delivery per platform, and the job that works it — all committed together or not at all.
 */
export const planRun = async (tx: Database, queue: JobQueue, run: RunPlan, { plan, at }: { plan: Plan; at: Date }): Promise<PlannedRun> => {
  const [inserted] = await tx
    .insert(agentRun)
    .values({
      agentId: run.agentId,
      userId: run.userId,
      kind: run.kind,
      idempotencyKey: run.idempotencyKey,
      instruction: run.instruction,
      slotAt: run.slotAt,
      dueAt: run.dueAt,
      triggerId: run.triggerId,
      replyTo: run.replyTo,
      createdAt: at,
      updatedAt: at,
    })
    .onConflictDoNothing({ target: agentRun.idempotencyKey })
    .returning({ id: agentRun.id });
  if (!inserted) return { outcome: 'exists' };

  const isReply = run.kind === 'reply';
  const limit = isReply ? plan.limits.repliesPerDay : plan.limits.postsPerDay;
  if (!(await consumeQuota(tx, { userId: run.userId, kind: isReply ? 'replies' : 'posts', limit, at }))) {
    const note = isReply ? PUBLISHING_MESSAGES.overReplyQuota(plan) : PUBLISHING_MESSAGES.overPostQuota(plan);
    const isRepeat = run.kind !== 'manual' && (await isRepeatedSkip(tx, { agentId: run.agentId, kind: run.kind, runId: inserted.id, reason: note }));
    const [message] = isRepeat
      ? []
      : await tx
          .insert(terminalMessage)
          .values({
            agentId: run.agentId,
            userId: run.userId,
            runId: inserted.id,
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
    await tx.update(agentRun).set({ status: 'skipped', error: note, terminalMessageId }).where(eq(agentRun.id, inserted.id));
    return { outcome: 'skipped', runId: inserted.id, terminalMessageId };
  }

  const platforms = ['terminal', ...run.platforms.filter((platform) => platform !== 'terminal')];
  await tx.insert(delivery).values(
    platforms.map((platform) => ({
      runId: inserted.id,
      agentId: run.agentId,
      userId: run.userId,
      platform,
      idempotencyKey: `${run.idempotencyKey}:${platform}`,
      createdAt: at,
      updatedAt: at,
    })),
  );
  await queue.send(
    RUN_AGENT_JOB.name,
    { runId: inserted.id },
    { db: transactionExecutor(tx), retryLimit: run.kind === 'manual' ? 0 : RUN_AGENT_JOB.retryLimit, retryBackoff: true },
  );
  return { outcome: 'planned', runId: inserted.id };
};
