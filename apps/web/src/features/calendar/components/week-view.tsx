import type { CalendarActions, EntryAgent } from './calendar-actions.ts';
import type { CalendarDay } from './calendar-day.ts';
import { dayHeading } from './calendar-time.ts';
import { EntryList } from './entry-list.tsx';

type WeekViewProps = {
  days: CalendarDay[];
  today: string;
  agents: ReadonlyMap<string, EntryAgent>;
  timeZone: string;
  actions: CalendarActions;
};

/**
 * Seven day columns. Below the width where seven columns fit, the week scrolls sideways a day at a time (each
 * column keeps a readable width and its own heading) rather than squeezing the entries to nothing.
 */
export const WeekView = ({ days, today, agents, timeZone, actions }: WeekViewProps) => (
  <div>
    <p className="mb-2 text-xs text-slate-400 lg:hidden">Scroll sideways for the other days.</p>
    <div className="-mx-5 snap-x overflow-x-auto px-5 pb-2 lg:mx-0 lg:px-0" data-testid="calendar-week">
      <ol className="grid min-w-[68rem] grid-cols-7 gap-2 lg:min-w-0" aria-label="Week">
        {days.map((day) => {
          const heading = dayHeading(day.key);
          return (
            <li key={day.key} className="min-w-0 snap-start" aria-label={heading}>
              <h3
                className={`mb-2 rounded-md px-2 py-1.5 text-xs font-semibold ${
                  day.key === today ? 'bg-brand-500/20 text-brand-300' : 'bg-ink-800 text-slate-300'
                }`}
              >
                {heading}
                {day.key === today && <span className="ml-1 font-normal">· Today</span>}
              </h3>
              {day.entries.length > 0 ? (
                <EntryList
                  entries={day.entries}
                  agents={agents}
                  timeZone={timeZone}
                  actions={actions}
                  label={`Entries on ${heading}`}
                  compact
                />
              ) : (
                <p className="px-2 text-xs text-slate-400">Nothing</p>
              )}
            </li>
          );
        })}
      </ol>
    </div>
  </div>
);
