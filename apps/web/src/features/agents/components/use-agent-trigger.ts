import { useState } from 'react';
import { DRAFT_MESSAGES } from '@agentcast/contracts/drafts';
import { splitMedia, TERMINAL_MESSAGES, TRIGGER_TIMINGS } from '@agentcast/contracts/terminal';
import type { TimedNotice } from '../../../components/ui/use-timed-notice.ts';
import { getLatestTerminalMessage, useTriggerAgent } from '../api/trigger-agent.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Long posts are cut for the banner; the Terminal tab shows them whole. */
const BANNER_TEXT_LIMIT = 280;
const forBanner = (content: string) => {
  const { text } = splitMedia(content);
  return text.length > BANNER_TEXT_LIMIT ? `${text.slice(0, BANNER_TEXT_LIMIT - 1)}…` : text;
};

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
      const latest = await getLatestTerminalMessage(agentId);
      const text = latest ? forBanner(latest.tweet_content) : '';
      const isDraft = latest?.deliveries.some((delivery) => delivery.status === 'awaiting_review') ?? false;
      show(
        'success',
        TERMINAL_MESSAGES.triggered(isDraft ? DRAFT_MESSAGES.triggeredForReview(text) : text),
        TRIGGER_TIMINGS.successBanner,
      );
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
