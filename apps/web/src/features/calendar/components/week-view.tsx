import { useEffect, useId, useState } from 'react';
import type { CalendarActions, DraftEntry, EntryAgent } from '../lib/calendar-actions.ts';
import type { CalendarDay } from '../lib/calendar-day.ts';
import {
  entriesByHour,
  HOURS,
  isAhead,
  isArrowKey,
  samePlace,
  slotInstant,
  stepPlace,
  type SlotPlace,
} from '../lib/calendar-slots.ts';
import { dayHeading, timeOfDay } from '../lib/calendar-time.ts';
import { EntryList } from './entry-list.tsx';
import { HourCell } from './hour-cell.tsx';
import { useDraftMoves } from '../lib/use-draft-moves.ts';

type WeekViewProps = {
  days: CalendarDay[];
  today: string;
  agents: ReadonlyMap<string, EntryAgent>;
  timeZone: string;
  actions: CalendarActions;
  /** The server's now: hours before it are gone. */
  now: Date;
  /** The coming week: its free hours open the composer and its drafts move. Undefined: the past week, read only. */
  planning?: {
    onWrite: (place: SlotPlace) => void;
    moveTo: (entry: DraftEntry, publishAt: Date, onMoved: () => void) => void;
  };
};

/**
 * Seven day columns, each hour of the coming week a row. Below the width where seven columns fit, the week scrolls
 * sideways a day at a time (each column keeps a readable width and its own heading) rather than squeezing the entries
 * to nothing. The rows line up across the days (CSS subgrid), so an hour reads across the week.
 */
export const WeekView = ({ days, today, agents, timeZone, actions, now, planning }: WeekViewProps) => {
  const hintId = useId();
  const keys = days.map((day) => day.key);
  const moves = useDraftMoves({ days: keys, now, timeZone, moveTo: planning?.moveTo ?? (() => undefined) });
  const byDay = new Map(days.map((day) => [day.key, entriesByHour(day.entries, timeZone)]));
  const isFree = (place: SlotPlace) =>
    isAhead(place, now, timeZone) && (byDay.get(place.day)?.get(place.hour)?.length ?? 0) === 0;
  const firstFree = keys.flatMap((day) => HOURS.map((hour) => ({ day, hour }))).find(isFree);
  const [tabStop, setTabStop] = useState<SlotPlace>();
  const stop = tabStop && isFree(tabStop) ? tabStop : firstFree;

  // After a move the draft is drawn anew in its new hour: the keyboard follows it there.
  const { refocus, refocused } = moves;
  useEffect(() => {
    if (!refocus) return;
    const button = document.querySelector<HTMLElement>(`[data-move-draft="${refocus}"]`);
    if (button) {
      button.focus();
      refocused();
    }
  });

  const onSlotKey = (place: SlotPlace, key: string) => {
    if (!isArrowKey(key)) return false;
    let next = stepPlace(place, key, keys);
    while (next && !isFree(next)) next = stepPlace(next, key, keys);
    if (next) {
      setTabStop(next);
      document.querySelector<HTMLElement>(`[data-free-slot="${next.day} ${next.hour}"]`)?.focus();
    }
    return true;
  };

  const cellActions: CalendarActions = planning
    ? {
        ...actions,
        moves: {
          onDragStart: moves.startDrag,
          onDragEnd: moves.endDrag,
          onMoveKey: moves.onMoveKey,
          pendingRunId: moves.pending?.entry.run_id,
          hintId,
        },
      }
    : actions;

  return (
    <div>
      <p className="mb-2 text-xs text-slate-400 lg:hidden">Scroll sideways for the other days.</p>
      {planning && (
        <>
          <p id={hintId} className="mb-2 text-xs text-slate-400">
            Click a free hour to write a post for it. Drag a draft to another hour, or on its Move button use the arrow
            keys and Enter.
          </p>
          <p role="status" aria-live="polite" className="mb-2 min-h-4 text-xs text-brand-200" data-testid="move-status">
            {moves.announcement}
          </p>
        </>
      )}
      <div className="-mx-5 snap-x overflow-x-auto px-5 pb-2 lg:mx-0 lg:px-0" data-testid="calendar-week">
        <ol
          className={`grid min-w-[68rem] grid-cols-7 gap-x-2 lg:min-w-0 ${planning ? 'grid-rows-[auto_repeat(24,auto)]' : ''}`}
          aria-label="Week"
        >
          {days.map((day) => {
            const heading = dayHeading(day.key);
            const hours = byDay.get(day.key);
            return (
              <li
                key={day.key}
                className={`min-w-0 snap-start ${planning ? 'row-span-25 grid grid-rows-subgrid' : ''}`}
                aria-label={heading}
              >
                <h3
                  className={`mb-2 rounded-md px-2 py-1.5 text-xs font-semibold ${
                    day.key === today ? 'bg-brand-500/20 text-brand-300' : 'bg-ink-800 text-slate-300'
                  }`}
                >
                  {heading}
                  {day.key === today && <span className="ml-1 font-normal">· Today</span>}
                </h3>
                {planning ? (
                  HOURS.map((hour) => {
                    const place = { day: day.key, hour };
                    const at = slotInstant(place, timeZone) ?? now;
                    return (
                      <HourCell
                        key={hour}
                        place={place}
                        agents={agents}
                        timeZone={timeZone}
                        actions={cellActions}
                        onWrite={planning.onWrite}
                        onSlotKey={onSlotKey}
                        canDrop={moves.canDropOn(place)}
                        onDrop={moves.dropOn}
                        heading={heading}
                        time={timeOfDay(at, timeZone)}
                        entries={hours?.get(hour) ?? []}
                        isAhead={isAhead(place, now, timeZone)}
                        isTabStop={samePlace(place, stop)}
                        isMoveTarget={samePlace(place, moves.pending?.place)}
                      />
                    );
                  })
                ) : day.entries.length > 0 ? (
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
};
