import type { CalendarActions, EntryAgent } from '../lib/calendar-actions.ts';
import type { CalendarDay } from '../lib/calendar-day.ts';
import { dayHeading } from '../lib/calendar-time.ts';
import { EntryList } from './entry-list.tsx';

type ListViewProps = {
  days: CalendarDay[];
  today: string;
  agents: ReadonlyMap<string, EntryAgent>;
  timeZone: string;
  actions: CalendarActions;
};

/** The same days one under another, leaving out the empty ones: what a phone shows best. */
export const ListView = ({ days, today, agents, timeZone, actions }: ListViewProps) => {
  const shown = days.filter((day) => day.entries.length > 0);
  if (shown.length === 0) return <p className="text-sm text-slate-400">Nothing on these days.</p>;
  return (
    <ol className="space-y-6" aria-label="Days" data-testid="calendar-list">
      {shown.map((day) => {
        const heading = dayHeading(day.key);
        return (
          <li key={day.key} aria-label={heading}>
            <h3 className="mb-2 border-b border-ink-700 pb-1 text-sm font-semibold text-slate-200">
              {heading}
              {day.key === today && <span className="ml-1 font-normal text-brand-300">· Today</span>}
            </h3>
            <EntryList
              entries={day.entries}
              agents={agents}
              timeZone={timeZone}
              actions={actions}
              label={`Entries on ${heading}`}
            />
          </li>
        );
      })}
    </ol>
  );
};
