import { randomUUID } from 'node:crypto';
import type { TerminalMessage } from '@agentcast/contracts/terminal';
import type { Database } from '@agentcast/db/client';
import { findOwnedAgentRow } from '../agents/find-owned-agent-row.ts';
import { AppError } from '../errors/app-error.ts';
import type { AppEvent } from '../events/app-event.ts';
import type { EventBus } from '../events/event-bus.ts';
import type { JobQueue } from '../jobs/create-job-queue.ts';
import { getTerminalMessage } from '../terminal/get-terminal-message.ts';
import { RUN_AGENT_JOB } from './run-agent-job.ts';

export type TriggerAgentOptions = { userId: string; agentId: string; message: string; timeoutMs: number };

export const TRIGGER_TIMEOUT_MESSAGE = 'The agent is still working: its post will appear in the Terminal when it is done.';

/**
 * Spec §4 "Trigger": runs the user's agent now, through the same job as scheduled posts, and answers with the
 * terminal message it produced. Waits for the run's outcome event (from whichever process works the job).
 */
export const triggerAgent = async (
  { db, queue, events }: { db: Database; queue: JobQueue; events: EventBus },
  { userId, agentId, message, timeoutMs }: TriggerAgentOptions,
): Promise<TerminalMessage> => {
  const agent = await findOwnedAgentRow(db, { userId, agentId });
  const triggerId = randomUUID();
  // Listen before sending: a fast worker could finish before a later subscription.
  const outcome = waitForOutcome(events, triggerId, timeoutMs);
  await queue.send(RUN_AGENT_JOB.name, { agentId: agent.id, userId, instruction: message, trigger: 'manual', triggerId }, { retryLimit: 0 });
  const event = await outcome;
  if (event.type === 'agent.run-failed') throw new AppError('UPSTREAM_FAILED', event.error);
  const produced = await getTerminalMessage(db, { userId, messageId: event.messageId });
  if (!produced) throw new AppError('NOT_FOUND', 'The agent was deleted while it ran.');
  return produced;
};

const waitForOutcome = (events: EventBus, triggerId: string, timeoutMs: number) =>
  new Promise<AppEvent>((resolve, reject) => {
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
  });
