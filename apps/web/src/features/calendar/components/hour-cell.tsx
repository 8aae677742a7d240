import { useState } from 'react';
import type { CalendarEntry } from '@agentcast/contracts/calendar';
import type { CalendarActions, EntryAgent } from '../lib/calendar-actions.ts';
import type { SlotPlace } from '../lib/calendar-slots.ts';
import { EntryList } from './entry-list.tsx';

type HourCellProps = {
  place: SlotPlace;
  /** "Wed, Nov 25" and "2:00 PM": what the cell is called. */
  heading: string;
  time: string;
  entries: CalendarEntry[];
  agents: ReadonlyMap<string, EntryAgent>;
  timeZone: string;
  actions: CalendarActions;
  /** The hour has not ended: a post can be written for it, a draft dropped on it. */
  isAhead: boolean;
  /** The one free hour the Tab key stops at; arrow keys move from it to the others. */
  isTabStop: boolean;
  onWrite: (place: SlotPlace) => void;
  onSlotKey: (place: SlotPlace, key: string) => boolean;
  canDrop: boolean;
  onDrop: (place: SlotPlace) => void;
  /** The arrow keys chose this hour for a draft. */
  isMoveTarget: boolean;
};

/**
 * One hour of one day in the week view: its entries, or, when nothing is planned in it and it is still ahead, a free
 * slot that opens the composer at that time (click, Enter or Space). A waiting draft can be dropped on any hour ahead.
 */
export const HourCell = ({
  place,
  heading,
  time,
  entries,
  agents,
  timeZone,
  actions,
  isAhead,
  isTabStop,
  onWrite,
  onSlotKey,
  canDrop,
  onDrop,
  isMoveTarget,
}: HourCellProps) => {
  const [isOver, setIsOver] = useState(false);
  const highlighted = (isOver && canDrop) || isMoveTarget;
  return (
    <div
      className={`min-w-0 border-t border-ink-800 py-0.5 ${highlighted ? 'rounded-md bg-brand-500/15 ring-2 ring-brand-400' : ''}`}
      data-slot={`${place.day} ${place.hour}`}
      onDragOver={(event) => {
        if (!canDrop) return;
        event.preventDefault();
        event.dataTransfer.dropEffect = 'move';
        setIsOver(true);
      }}
      onDragLeave={() => setIsOver(false)}
      onDrop={(event) => {
        event.preventDefault();
        setIsOver(false);
        onDrop(place);
      }}
    >
      {entries.length > 0 ? (
        <EntryList
          entries={entries}
          agents={agents}
          timeZone={timeZone}
          actions={actions}
          label={`Entries on ${heading} at ${time}`}
          compact
        />
      ) : isAhead ? (
        // Not a <button>: one of the week's 168 hours is a Tab stop, and the arrow keys reach the rest (a grid).
        <div
          role="button"
          tabIndex={isTabStop ? 0 : -1}
          data-free-slot={`${place.day} ${place.hour}`}
          aria-label={`Write a post for ${heading} at ${time}`}
          onClick={() => onWrite(place)}
          onKeyDown={(event) => {
            if (event.key === 'Enter' || event.key === ' ') {
              event.preventDefault();
              onWrite(place);
            } else if (onSlotKey(place, event.key)) event.preventDefault();
          }}
          className="group flex h-7 cursor-pointer items-center justify-between rounded-md px-2 text-[11px] text-slate-400 hover:bg-ink-800 hover:text-slate-200 focus:outline-none focus-visible:bg-ink-800 focus-visible:text-slate-100 focus-visible:ring-2 focus-visible:ring-brand-400"
        >
          <span>{time}</span>
          <span aria-hidden="true" className="hidden group-hover:inline group-focus-visible:inline">
            + Write
          </span>
        </div>
      ) : (
        <div className="h-7" aria-hidden="true" />
      )}
      {isMoveTarget && <p className="px-2 text-[11px] font-semibold text-brand-200">Draft goes here</p>}
    </div>
  );
};
