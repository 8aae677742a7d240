import { useId } from 'react';
import { inputClasses } from '../../../components/ui/field-message.tsx';
import { describePlannedTime, toLocalInputValue } from '../lib/planned-time.ts';
import { scheduledMoment } from '../lib/compose-schedule.ts';

type ComposeTimePickerProps = {
  /** The chosen moment as a datetime-local value ("2026-11-25T09:30"), on the viewer's clock; empty: none. */
  value: string;
  onChange: (value: string) => void;
  problem: string | undefined;
  /** Said after the time zone while no time is chosen: what the time is for. */
  purpose?: string;
};

/**
 * When the post goes out, as a day and a time on the viewer's own clock, with their time zone named and the moment
 * the two make said back in words, so nobody wonders whose 09:30 it is.
 */
export const ComposeTimePicker = ({
  value,
  onChange,
  problem,
  purpose = 'Needed for Schedule.',
}: ComposeTimePickerProps) => {
  const id = useId();
  const [date = '', time = ''] = value.split('T');
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const moment = date && time ? scheduledMoment(value) : undefined;
  const when = moment && 'at' in moment ? describePlannedTime(moment.at.toISOString()).when : undefined;
  const today = toLocalInputValue(new Date()).slice(0, 10);
  const set = (nextDate: string, nextTime: string) =>
    onChange(nextDate || nextTime ? `${nextDate}T${nextTime || (nextDate ? '09:00' : '')}` : '');
  const describedBy = problem ? `${id}-error` : `${id}-hint`;
  return (
    <fieldset aria-describedby={describedBy}>
      <legend className="text-sm font-medium text-slate-200">Publish at</legend>
      <div className="mt-1.5 grid grid-cols-[minmax(0,1fr)_minmax(0,8rem)] gap-2">
        <div>
          <label htmlFor={`${id}-date`} className="block text-xs text-slate-400">
            Day
          </label>
          <input
            id={`${id}-date`}
            type="date"
            value={date}
            min={today}
            onChange={(event) => set(event.target.value, time)}
            aria-invalid={problem ? true : undefined}
            className={inputClasses(Boolean(problem))}
          />
        </div>
        <div>
          <label htmlFor={`${id}-time`} className="block text-xs text-slate-400">
            Time
          </label>
          <input
            id={`${id}-time`}
            type="time"
            value={time}
            onChange={(event) => set(date || today, event.target.value)}
            aria-invalid={problem ? true : undefined}
            className={inputClasses(Boolean(problem))}
          />
        </div>
      </div>
      {problem ? (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-300">
          {problem}
        </p>
      ) : (
        <p id={`${id}-hint`} className="mt-1 text-xs text-slate-400" data-testid="compose-time-summary">
          {when ? `Planned for ${when} (${zone}).` : `Times are in your time zone, ${zone}. ${purpose}`.trim()}
        </p>
      )}
    </fieldset>
  );
};
