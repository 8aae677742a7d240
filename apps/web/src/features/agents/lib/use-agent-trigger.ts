import { useRef, useState } from 'react';
import type { Delivery, RunProgress } from '@agentcast/contracts/terminal';
import { TERMINAL_MESSAGES, TRIGGER_TIMINGS } from '@agentcast/contracts/terminal-constants';
import { MORE_POSTS_HELP } from '@agentcast/contracts/quota-messages';
import { ApiError } from '../../../api/api-error.ts';
import type { TimedNotice, TimedNoticeOptions } from '../../../lib/ui/use-timed-notice.ts';
import { getLatestTerminalMessage, useTriggerAgent } from '../api/trigger-agent.ts';
import { watchRunProgress } from '../api/watch-run-progress.ts';
import { triggerSuccessText } from './trigger-banner-text.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Spec §4 "Trigger": the running state is per agent and cleared whether the call succeeds or fails; 1 s after the
 * call returns, the agent's latest terminal message is read and shown for 8 s (said to await review when it is a
 * draft, and where it went otherwise); a failure, a skipped run included, shows for 5 s. Meanwhile the run's steps
 * (writing, media, publishing to each platform) arrive over the live stream; then each platform's outcome replaces
 * its publishing step, shown as long as the success text.
 */
export const useAgentTrigger = (
  show: (tone: TimedNotice['tone'], text: string, ms: number, options?: TimedNoticeOptions) => void,
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

  const [progress, setProgress] = useState<ReadonlyMap<string, RunProgress[]>>(new Map());
  // Where each agent's triggered post went: its terminal entry's deliveries, read after the run.
  const [outcomes, setOutcomes] = useState<ReadonlyMap<string, Delivery[]>>(new Map());
  const setOutcome = (agentId: string, deliveries: Delivery[] | undefined) =>
    setOutcomes((all) => {
      const next = new Map(all);
      if (deliveries) next.set(agentId, deliveries);
      else next.delete(agentId);
      return next;
    });
  const setSteps = (agentId: string, update: (steps: RunProgress[]) => RunProgress[]) =>
    setProgress((all) => new Map(all).set(agentId, update(all.get(agentId) ?? [])));
  // Steps of the first run seen only: another tab's trigger of the same agent is not this one.
  const addStep = (agentId: string, step: RunProgress) =>
    setSteps(agentId, (steps) => (steps.length === 0 || steps[0]?.run_id === step.run_id ? [...steps, step] : steps));

  // Which trigger of each agent is the latest: an earlier one's clean-up must not clear a later one's steps.
  const latestTrigger = useRef(new Map<string, number>());

  const triggerNow = async (agentId: string) => {
    const triggerNumber = (latestTrigger.current.get(agentId) ?? 0) + 1;
    latestTrigger.current.set(agentId, triggerNumber);
    setRunning(agentId, true);
    setSteps(agentId, () => []);
    setOutcome(agentId, undefined);
    const stopWatching = await watchRunProgress(agentId, (step) => addStep(agentId, step));
    try {
      // A run that makes no post (paused, over the quota, too many drafts, a repeat) is refused with its reason.
      await trigger.mutateAsync(agentId);
      await sleep(TRIGGER_TIMINGS.latestMessageLookup);
      const latest = await getLatestTerminalMessage(agentId);
      setOutcome(agentId, latest?.deliveries);
      show('success', triggerSuccessText(latest), TRIGGER_TIMINGS.successBanner, { takesFocus: true });
    } catch (error) {
      show(
        'error',
        TERMINAL_MESSAGES.triggerFailed(error instanceof Error ? error.message : String(error)),
        TRIGGER_TIMINGS.errorBanner,
        {
          // The plan's posts of today are used: say how to get more.
          help: error instanceof ApiError && error.code === 'QUOTA_USED' ? MORE_POSTS_HELP : undefined,
          takesFocus: true,
        },
      );
    } finally {
      stopWatching();
      setRunning(agentId, false);
      onSettled?.();
      setTimeout(() => {
        if (latestTrigger.current.get(agentId) !== triggerNumber) return;
        setSteps(agentId, () => []);
        setOutcome(agentId, undefined);
      }, TRIGGER_TIMINGS.successBanner);
    }
  };
  return {
    triggerNow,
    isTriggering: (agentId: string) => runningIds.has(agentId),
    progressOf: (agentId: string) => progress.get(agentId) ?? [],
    outcomeOf: (agentId: string) => outcomes.get(agentId),
  };
};
