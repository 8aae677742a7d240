import { useState } from 'react';
import { TERMINAL_MESSAGES, TRIGGER_TIMINGS } from '@agentcast/contracts/terminal';
import type { TimedNotice } from '../../../components/ui/use-timed-notice.ts';
import { getLatestTerminalMessage, useTriggerAgent } from '../api/trigger-agent.ts';
import { triggerSuccessText } from './trigger-banner-text.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Spec §4 "Trigger": the running state is per agent and cleared whether the call succeeds or fails; 1 s after the
 * call returns, the agent's latest terminal message is read and shown for 8 s (said to await review when it is a
 * draft); a failure, a skipped run included, shows for 5 s.
 */
export const useAgentTrigger = (
  show: (tone: TimedNotice['tone'], text: string, ms: number) => void,
  onSettled?: () => void,
) => {
  const trigger = useTriggerAgent();
  const [runningIds, setRunningIds] = useState<ReadonlySet<string>>(new Set());
  const setRunning = (agentId: string, isRunning: boolean) =>
    setRunningIds((ids) => {
      const next = new Set(ids);
      if (isRunning) next.add(agentId);
      else next.delete(agentId);
      return next;
    });

  const triggerNow = async (agentId: string) => {
    setRunning(agentId, true);
    try {
      // A run that makes no post (paused, over the quota, too many drafts, a repeat) is refused with its reason.
      await trigger.mutateAsync(agentId);
      await sleep(TRIGGER_TIMINGS.latestMessageLookup);
      show('success', triggerSuccessText(await getLatestTerminalMessage(agentId)), TRIGGER_TIMINGS.successBanner);
    } catch (error) {
      show(
        'error',
        TERMINAL_MESSAGES.triggerFailed(error instanceof Error ? error.message : String(error)),
        TRIGGER_TIMINGS.errorBanner,
      );
    } finally {
      setRunning(agentId, false);
      onSettled?.();
    }
  };
  return { triggerNow, isTriggering: (agentId: string) => runningIds.has(agentId) };
};
