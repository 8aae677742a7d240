import {
  isLeftToPersonToCheck,
  notPostedReason,
  platformDeliveries,
  postState,
} from '@agentcast/contracts/post-outcome';
import { platformName } from '@agentcast/contracts/publishing-constants';
import type { Delivery, RunProgress } from '@agentcast/contracts/terminal';

/** The sentence for one step of a triggered run. */
export const progressLabel = ({ step, platform }: Pick<RunProgress, 'step' | 'platform'>) => {
  if (step === 'writing') return 'Writing the post';
  if (step === 'media') return 'Making the media';
  return `Publishing to ${platformName(platform ?? '')}`;
};

type Mark = 'done' | 'current' | 'waiting' | 'problem' | 'review';
type Item = { key: string; text: string; mark: Mark };

const MARKS: Record<Mark, { symbol: string; style: string }> = {
  done: { symbol: '✓ ', style: 'text-emerald-300' },
  current: { symbol: '● ', style: 'text-sky-200' },
  waiting: { symbol: '● ', style: 'text-sky-200' },
  problem: { symbol: '✗ ', style: 'text-amber-200' },
  review: { symbol: '✎ ', style: 'text-violet-200' },
};

/** Where the post stands on one platform once the run is over: the delivery's state, never the step's end. */
export const outcomeItem = (delivery: Delivery): Item => {
  const name = platformName(delivery.platform);
  const key = `outcome-${delivery.platform}`;
  switch (postState(delivery)) {
    case 'published':
      return { key, text: `Posted to ${name}`, mark: 'done' };
    case 'not_posted':
      return { key, text: `Not posted — ${notPostedReason(delivery)}`, mark: 'problem' };
    case 'unknown':
      return isLeftToPersonToCheck(delivery)
        ? { key, text: `${name} did not answer — look there before choosing Post again`, mark: 'problem' }
        : { key, text: `Checking whether ${name} got it`, mark: 'problem' };
    case 'draft':
      return { key, text: `Awaiting review for ${name}`, mark: 'review' };
    default:
      return { key, text: `Going out to ${name}`, mark: 'waiting' };
  }
};

/**
 * The list's items: writing and media are done once the next step begins. Publishing is a step only while the run
 * is under way; after it, each platform shows where the post stands there (`outcome`, the deliveries of the run's
 * terminal entry), so a post that did not go out is never marked done. Between the run's end and that read, a
 * platform it was sent to waits.
 */
export const progressItems = (steps: RunProgress[], isRunning: boolean, outcome?: Delivery[]): Item[] => {
  const items = steps.flatMap((step, index): Item[] => {
    const key = `${step.step}-${step.platform ?? ''}`;
    const isCurrent = isRunning && index === steps.length - 1;
    if (isCurrent) return [{ key, text: `${progressLabel(step)}…`, mark: 'current' }];
    if (step.step !== 'publishing') return [{ key, text: progressLabel(step), mark: 'done' }];
    return outcome ? [] : [{ key, text: `${progressLabel(step)}…`, mark: 'waiting' }];
  });
  return isRunning || !outcome ? items : [...items, ...platformDeliveries(outcome).map(outcomeItem)];
};

type TriggerProgressProps = { steps: RunProgress[]; isRunning: boolean; outcome?: Delivery[] };

/** Issue 16 §2 and issue 41 §1: the steps of a trigger as they happen, then where the post went. */
export const TriggerProgress = ({ steps, isRunning, outcome }: TriggerProgressProps) => {
  if (steps.length === 0 && !isRunning && !outcome) return null;
  const items = progressItems(steps, isRunning, outcome);
  return (
    <ol className="mt-2 flex flex-wrap gap-x-3 gap-y-1 text-xs" aria-label="Trigger progress" aria-live="polite">
      {items.length === 0 && isRunning && <li className="text-slate-400">Starting…</li>}
      {items.map((item) => (
        <li key={item.key} className={MARKS[item.mark].style}>
          <span aria-hidden="true" className={item.mark === 'current' ? 'animate-pulse' : undefined}>
            {MARKS[item.mark].symbol}
          </span>
          {item.text}
        </li>
      ))}
    </ol>
  );
};
