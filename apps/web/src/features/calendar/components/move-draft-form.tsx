import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { buttonClasses } from '../../../lib/ui/button-classes.ts';
import type { DraftEntry } from '../lib/calendar-actions.ts';
import { dayAndTime, fromLocalInputValue, toLocalInputValue } from '../lib/calendar-time.ts';

type MoveDraftFormProps = {
  draft: DraftEntry;
  agentName: string;
  timeZone: string;
  onMove: (publishAt: Date) => void;
  onCancel: () => void;
  isMoving: boolean;
  /** The server's answer when it refused the time, in its words. */
  error: string | undefined;
};

/** A new time for a waiting draft, on the viewer's wall clock. */
export const MoveDraftForm = ({
  draft,
  agentName,
  timeZone,
  onMove,
  onCancel,
  isMoving,
  error,
}: MoveDraftFormProps) => {
  const inputId = useId();
  const errorId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [value, setValue] = useState(() => toLocalInputValue(new Date(draft.at), timeZone));
  const [invalid, setInvalid] = useState(false);

  // The form opens away from the button that asked for it: take the focus to it.
  useEffect(() => input.current?.focus(), []);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const publishAt = fromLocalInputValue(value, timeZone);
    setInvalid(!publishAt);
    if (publishAt) onMove(publishAt);
  };
  const message = invalid ? 'Choose a day and a time.' : error;

  return (
    <form
      onSubmit={submit}
      aria-label={`Move ${agentName}’s draft`}
      className="rounded-xl border border-amber-500/40 bg-amber-500/5 p-4"
    >
      <p className="text-sm text-slate-200">
        Move <span className="font-semibold">{agentName}</span>’s draft of {dayAndTime(new Date(draft.at), timeZone)}
      </p>
      <p className="mt-1 line-clamp-2 text-xs text-slate-400">{draft.text}</p>
      <div className="mt-3 flex flex-wrap items-end gap-2">
        <div>
          <label htmlFor={inputId} className="block text-xs text-slate-400">
            New time
          </label>
          <input
            ref={input}
            id={inputId}
            type="datetime-local"
            value={value}
            onChange={(event) => setValue(event.target.value)}
            aria-invalid={message ? true : undefined}
            aria-describedby={message ? errorId : undefined}
            className="mt-1 rounded-lg border border-ink-600 bg-ink-950 px-3 py-2 text-sm text-slate-100"
          />
        </div>
        <button type="submit" className={buttonClasses('primary')} disabled={isMoving}>
          {isMoving ? 'Moving…' : 'Move draft'}
        </button>
        <button type="button" className={buttonClasses('ghost')} onClick={onCancel}>
          Cancel
        </button>
      </div>
      {message && (
        <p id={errorId} role="alert" className="mt-2 text-sm text-red-300">
          {message}
        </p>
      )}
    </form>
  );
};
