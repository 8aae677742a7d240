import { randomUUID } from 'node:crypto';
import { DRAFT_MESSAGES } from '@agentcast/contracts/drafts';
import type { Logger } from 'pino';
import type { PlanId } from '@agentcast/contracts/plans';
import { PUBLISHING_MESSAGES } from '@agentcast/contracts/publishing';
import type { TerminalMessage } from '@agentcast/contracts/terminal';
import { triggerRefusalOf } from '@agentcast/contracts/terminal-constants';
import type { Database } from '@agentcast/db/client';
import type { AppEvent } from '../../../integrations/events/app-event.ts';
import type { EventBus } from '../../../integrations/events/event-bus.ts';
import { waitForEvent } from '../../../integrations/events/wait-for-event.ts';
import type { JobQueue } from '../../../integrations/queue/create-job-queue.ts';
import { AppError } from '../../../kernel/app-error.ts';
import { findOwnedAgentRow } from '../../ownership/find-owned-agent-row.ts';
import { getAccountPlan } from '../../plans/get-account-plan.ts';
import { getTerminalMessage } from '../../terminal/get-terminal-message.ts';
import { planRun } from './plan-run.ts';
import { todayUsedError } from '../../schedules/today-used-error.ts';

export type TriggerAgentOptions = { workspaceId: string; agentId: string; message: string; timeoutMs: number };

export const TRIGGER_TIMEOUT_MESSAGE =
  'The agent is still working: its post will appear in the Terminal when it is done.';

type TriggerOutcome = Extract<AppEvent, { type: 'terminal.message' | 'agent.run-failed' | 'agent.run-skipped' }>;

/**
 * Spec §4 "Trigger": runs the user's agent now, planned like a scheduled post (quota, deliveries, the same job),
 * and answers with the terminal message it produced — a draft awaiting review when the agent has review on. Waits
 * for the run's outcome event, from whichever process works the job. A run that makes no post (paused, over the
 * quota, too many drafts waiting, too close to an earlier post) answers 409 with why, so the page shows the spec's
 * 'Failed to trigger agent: {reason}' (issue 15 §7); the terminal keeps its note. Over the quota, the reason says
 * when the agent's next post goes out instead of the terminal's note (which begins "Skipped:" itself).
 */
export const triggerAgent = async (
  {
    db,
    queue,
    events,
    defaultPlan,
    logger,
  }: { db: Database; queue: JobQueue; events: EventBus; defaultPlan: PlanId; logger: Logger },
  { workspaceId, agentId, message, timeoutMs }: TriggerAgentOptions,
): Promise<TerminalMessage> => {
  const agent = await findOwnedAgentRow(db, { workspaceId, agentId });
  if (agent.paused) throw new AppError('CONFLICT', DRAFT_MESSAGES.paused);
  const triggerId = randomUUID();
  const plan = await getAccountPlan(db, workspaceId, defaultPlan);
  const outcome = waitForEvent(
    events,
    (event): event is TriggerOutcome =>
      event.triggerId === triggerId &&
      (event.type === 'terminal.message' || event.type === 'agent.run-failed' || event.type === 'agent.run-skipped'),
    { timeoutMs, timeout: () => new AppError('TIMEOUT', TRIGGER_TIMEOUT_MESSAGE) },
  );
  const at = new Date();
  const runPlan = {
    agentId: agent.id,
    workspaceId,
    kind: 'manual' as const,
    idempotencyKey: `manual:${triggerId}`,
    instruction: message,
    platforms: agent.postConfiguration.clients,
    triggerId,
    review: agent.approval !== 'none',
  };
  const planned = await db
    .transaction((tx) => planRun(tx, queue, runPlan, { plan, at, logger }))
    .catch((error: unknown) => {
      outcome.cancel();
      throw error;
    });
  if (planned.outcome === 'skipped') {
    outcome.cancel();
    if (planned.terminalMessageId) {
      await events.publish({
        type: 'terminal.message',
        workspaceId,
        agentId: agent.id,
        messageId: planned.terminalMessageId,
      });
    }
    if (planned.reason === PUBLISHING_MESSAGES.overPostQuota(plan))
      throw await todayUsedError(db, { workspaceId, agentId: agent.id, plan, defaultPlan, now: at });
    throw new AppError('CONFLICT', triggerRefusalOf(planned.reason));
  }
  const event = await outcome.promise;
  if (event.type === 'agent.run-failed') throw new AppError('UPSTREAM_FAILED', event.error);
  if (event.type === 'agent.run-skipped') throw new AppError('CONFLICT', triggerRefusalOf(event.reason));
  const produced = await getTerminalMessage(db, { workspaceId, messageId: event.messageId });
  if (!produced) throw new AppError('NOT_FOUND', 'The agent was deleted while it ran.');
  return produced;
};
