import { useId, useState } from 'react';
import type { Draft } from '@agentcast/contracts/drafts';
import { buttonClasses } from '../../../lib/ui/button-classes.ts';
import { Notice } from '../../../components/ui/notice.tsx';
import { useRescheduleDraft } from '../api/reschedule-draft.ts';
import { scheduledMoment } from '../lib/compose-schedule.ts';
import { describePlannedTime } from '../lib/planned-time.ts';
import { ComposeTimePicker } from './compose-time-picker.tsx';

/** One expired draft: what it said, when it was planned for, and "Reschedule" with a new time. */
const ExpiredDraft = ({
  draft,
  onDone,
  mayReschedule,
}: {
  draft: Draft;
  onDone: (message: string) => void;
  mayReschedule: boolean;
}) => {
  const reschedule = useRescheduleDraft(draft.id);
  const [isPicking, setIsPicking] = useState(false);
  const [value, setValue] = useState('');
  const [tried, setTried] = useState(false);
  const moment = scheduledMoment(value);
  const submit = () => {
    setTried(true);
    if (!('at' in moment)) return;
    reschedule.mutate(moment.at, {
      onSuccess: () =>
        onDone(
          `Rescheduled: ${draft.agent.name}'s draft waits for review again, planned for ${describePlannedTime(moment.at.toISOString()).when}.`,
        ),
    });
  };
  return (
    <li
      aria-label={`Expired draft by ${draft.agent.name}`}
      className="space-y-3 rounded-2xl border border-ink-700 bg-ink-900 p-4"
    >
      <p className="text-sm font-medium text-slate-200">{draft.agent.name}</p>
      <p className="line-clamp-3 text-sm break-words whitespace-pre-line text-slate-300">{draft.text}</p>
      <p className="text-xs text-slate-400">
        Planned for {describePlannedTime(draft.publish_at).when}; not approved by then, so it was not published.
      </p>
      {isPicking ? (
        <form
          className="space-y-3"
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <ComposeTimePicker
            value={value}
            onChange={setValue}
            problem={tried && 'problem' in moment ? moment.problem : undefined}
            purpose="It waits for review again until then."
          />
          {reschedule.isError && <Notice tone="error">{reschedule.error.message}</Notice>}
          <div className="flex flex-wrap gap-2">
            <button type="submit" className={buttonClasses('primary', 'px-3 py-1.5')} disabled={reschedule.isPending}>
              {reschedule.isPending ? 'Rescheduling…' : 'Reschedule'}
            </button>
            <button type="button" className={buttonClasses('ghost', 'px-3 py-1.5')} onClick={() => setIsPicking(false)}>
              Cancel
            </button>
          </div>
        </form>
      ) : (
        mayReschedule && (
          <button
            type="button"
            className={buttonClasses('secondary', 'px-3 py-1.5')}
            onClick={() => setIsPicking(true)}
          >
            Reschedule
          </button>
        )
      )}
    </li>
  );
};

/**
 * Issue 36 §3: the drafts whose planned time passed before every approval was given: never published. Rescheduling
 * is writing (not for a Reviewer).
 */
export const ExpiredDrafts = ({
  drafts,
  onDone,
  mayReschedule = true,
}: {
  drafts: Draft[];
  onDone: (message: string) => void;
  mayReschedule?: boolean;
}) => {
  const id = useId();
  if (drafts.length === 0) return null;
  return (
    <section aria-labelledby={id} className="space-y-3">
      <h3 id={id} className="text-lg font-semibold text-white">
        Expired
      </h3>
      <p className="text-sm text-slate-400">
        Not approved by their planned time, these were never published.
        {mayReschedule && ' Reschedule one to review it again.'}
      </p>
      <ul className="space-y-3">
        {drafts.map((draft) => (
          <ExpiredDraft key={draft.id} draft={draft} onDone={onDone} mayReschedule={mayReschedule} />
        ))}
      </ul>
    </section>
  );
};
