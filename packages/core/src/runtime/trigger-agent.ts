import { randomUUID } from 'node:crypto';
import type { PlanId } from '@agentcast/contracts/plans';
import type { TerminalMessage } from '@agentcast/contracts/terminal';
import type { Database } from '@agentcast/db/client';
import { findOwnedAgentRow } from '../agents/find-owned-agent-row.ts';
import { AppError } from '../errors/app-error.ts';
import type { AppEvent } from '../events/app-event.ts';
import type { EventBus } from '../events/event-bus.ts';
import type { JobQueue } from '../jobs/create-job-queue.ts';
import { getAccountPlan } from '../plans/get-account-plan.ts';
import { planRun } from '../runs/plan-run.ts';
import { getTerminalMessage } from '../terminal/get-terminal-message.ts';

export type TriggerAgentOptions = { userId: string; agentId: string; message: string; timeoutMs: number };

export const TRIGGER_TIMEOUT_MESSAGE = 'The agent is still working: its post will appear in the Terminal when it is done.';

/**
 * Spec §4 "Trigger": runs the user's agent now, planned like a scheduled post (quota, deliveries, the same job),
 * and answers with the terminal message it produced — or the note saying why it was skipped. Waits for the run's
 * outcome event, from whichever process works the job.
 */
export const triggerAgent = async (
  { db, queue, events, defaultPlan }: { db: Database; queue: JobQueue; events: EventBus; defaultPlan: PlanId },
  { userId, agentId, message, timeoutMs }: TriggerAgentOptions,
): Promise<TerminalMessage> => {
  const agent = await findOwnedAgentRow(db, { userId, agentId });
  const triggerId = randomUUID();
  const plan = await getAccountPlan(db, userId, defaultPlan);
  // Listen before planning: a fast worker could finish before a later subscription.
  const outcome = waitForOutcome(events, triggerId, timeoutMs);
  const runPlan = {
    agentId: agent.id,
    userId,
    kind: 'manual' as const,
    idempotencyKey: `manual:${triggerId}`,
    instruction: message,
    platforms: agent.postConfiguration.clients,
    triggerId,
  };
  const planned = await db
    .transaction((tx) => planRun(tx, queue, runPlan, { plan, at: new Date() }))
    .catch((error: unknown) => {
      outcome.cancel();
      throw error;
    });
  if (planned.outcome === 'skipped' && planned.terminalMessageId) {
    outcome.cancel();
    await events.publish({ type: 'terminal.message', userId, agentId: agent.id, messageId: planned.terminalMessageId });
    return (await getTerminalMessage(db, { userId, messageId: planned.terminalMessageId })) as TerminalMessage;
  }
  const event = await outcome.promise;
  if (event.type === 'agent.run-failed') throw new AppError('UPSTREAM_FAILED', event.error);
  const produced = await getTerminalMessage(db, { userId, messageId: event.messageId });
  if (!produced) throw new AppError('NOT_FOUND', 'The agent was deleted while it ran.');
  return produced;
};

const waitForOutcome = (events: EventBus, triggerId: string, timeoutMs: number) => {
  let stop = () => undefined as void;
  const promise = new Promise<AppEvent>((resolve, reject) => {
    const timer = setTimeout(() => {
      unsubscribe();
      reject(new AppError('TIMEOUT', TRIGGER_TIMEOUT_MESSAGE));
    }, timeoutMs);
    const unsubscribe = events.subscribe((event) => {
      if (event.triggerId !== triggerId) return;
      clearTimeout(timer);
      unsubscribe();
      resolve(event);
    });
    stop = () => {
      clearTimeout(timer);
      unsubscribe();
    };
  });
  return { promise, cancel: () => stop() };
};
