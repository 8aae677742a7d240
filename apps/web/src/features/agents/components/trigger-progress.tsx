import { platformName } from '@agentcast/contracts/publishing-constants';
import type { RunProgress } from '@agentcast/contracts/terminal';

/** The sentence for one step of a triggered run. */
export const progressLabel = ({ step, platform }: Pick<RunProgress, 'step' | 'platform'>) => {
  if (step === 'writing') return 'Writing the post';
  if (step === 'media') return 'Making the media';
  return `Publishing to ${platformName(platform ?? '')}`;
};

type TriggerProgressProps = { steps: RunProgress[]; isRunning: boolean };

/**
 * Issue 16 §2: the steps of a trigger as they happen. Each step is done once the next begins; the last is under
 * way while the trigger runs, and done after.
 */
export const TriggerProgress = ({ steps, isRunning }: TriggerProgressProps) => {
  if (steps.length === 0 && !isRunning) return null;
  return (
    <ol className="mt-2 flex flex-wrap gap-x-3 gap-y-1 text-xs" aria-label="Trigger progress" aria-live="polite">
      {steps.length === 0 && <li className="text-slate-400">Starting…</li>}
      {steps.map((step, index) => {
        const isCurrent = isRunning && index === steps.length - 1;
        return (
          <li key={`${step.step}-${step.platform ?? ''}`} className={isCurrent ? 'text-sky-200' : 'text-emerald-300'}>
            <span aria-hidden="true" className={isCurrent ? 'animate-pulse' : undefined}>
              {isCurrent ? '● ' : '✓ '}
            </span>
            {progressLabel(step)}
            {isCurrent ? '…' : ''}
          </li>
        );
      })}
    </ol>
  );
};
