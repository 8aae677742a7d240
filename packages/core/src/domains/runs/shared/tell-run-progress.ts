import type { RunProgressStep } from '@agentcast/contracts/terminal';
import type { AgentRunRow } from '@agentcast/db/schema/runs';
import type { EventBus } from '../../../integrations/events/event-bus.ts';

/**
 * Tells a person who triggered a run which step it reached. Only manual runs (someone is watching the button;
 * scheduled runs would only add notifications nobody reads), and never at the run's expense: a lost progress
 * event costs a line on the screen, not the post.
 */
export const tellRunProgress = async (
  events: EventBus,
  run: Pick<AgentRunRow, 'id' | 'kind' | 'workspaceId' | 'agentId'>,
  step: RunProgressStep,
  platform?: string,
) => {
  if (run.kind !== 'manual') return;
  await events
    .publish({
      type: 'run.progress',
      workspaceId: run.workspaceId,
      agentId: run.agentId,
      runId: run.id,
      step,
      platform,
    })
    .catch(() => undefined);
};
