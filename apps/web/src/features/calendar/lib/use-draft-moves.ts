import { useState, type KeyboardEvent } from 'react';
import type { DraftEntry } from './calendar-actions.ts';
import { isAhead, isArrowKey, placeOf, slotInstant, stepPlace, type SlotPlace } from './calendar-slots.ts';
import { dayAndTime } from './calendar-time.ts';

type MoveTo = (entry: DraftEntry, publishAt: Date, onMoved: () => void) => void;

/** What the week view needs to move drafts by dragging or with the arrow keys. */
export type DraftMoves = ReturnType<typeof useDraftMoves>;

/**
 * Moving a waiting draft in the week view: dragged onto another hour, or, on its Move button, arrow keys choose an
 * hour or a day (said aloud as they go) and Enter moves it there. The draft keeps its minutes past the hour. After a
 * move the focus goes back to the draft, now in its new place.
 */
export const useDraftMoves = ({
  days,
  now,
  timeZone,
  moveTo,
}: {
  days: readonly string[];
  now: Date;
  timeZone: string;
  moveTo: MoveTo;
}) => {
  const [dragging, setDragging] = useState<DraftEntry>();
  const [pending, setPending] = useState<{ entry: DraftEntry; place: SlotPlace }>();
  const [announcement, setAnnouncement] = useState('');
  const [refocus, setRefocus] = useState<string>();

  const instantAt = (entry: DraftEntry, place: SlotPlace) => slotInstant(place, timeZone, minutesOf(entry, timeZone));

  const commit = (entry: DraftEntry, place: SlotPlace) => {
    const at = instantAt(entry, place);
    setPending(undefined);
    if (!at) return;
    setAnnouncement(`Moving the draft to ${dayAndTime(at, timeZone)}…`);
    moveTo(entry, at, () => {
      setAnnouncement(`Draft moved to ${dayAndTime(at, timeZone)}.`);
      setRefocus(entry.run_id);
    });
  };

  /** The Move button's keys: arrows choose, Enter moves, Escape gives up. True when the key was theirs. */
  const onMoveKey = (entry: DraftEntry, event: KeyboardEvent) => {
    const current = pending?.entry.run_id === entry.run_id ? pending.place : undefined;
    if (isArrowKey(event.key)) {
      event.preventDefault();
      let next = stepPlace(current ?? placeOf(new Date(entry.at), timeZone), event.key, days);
      // Past hours are skipped over: a draft cannot be planned for a time that has gone.
      while (next && !isAhead(next, now, timeZone)) next = stepPlace(next, event.key, days);
      if (!next) return;
      setPending({ entry, place: next });
      const at = instantAt(entry, next);
      if (at) setAnnouncement(`Move to ${dayAndTime(at, timeZone)}? Enter moves it there, Escape keeps it.`);
    } else if (current && event.key === 'Enter') {
      event.preventDefault();
      commit(entry, current);
    } else if (current && event.key === 'Escape') {
      setPending(undefined);
      setAnnouncement('The draft stays where it was.');
    }
  };

  return {
    dragging,
    pending,
    announcement,
    refocus,
    refocused: () => setRefocus(undefined),
    startDrag: (entry: DraftEntry) => {
      setPending(undefined);
      setDragging(entry);
    },
    endDrag: () => setDragging(undefined),
    dropOn: (place: SlotPlace) => {
      if (dragging && isAhead(place, now, timeZone)) commit(dragging, place);
      setDragging(undefined);
    },
    onMoveKey,
    canDropOn: (place: SlotPlace) => dragging !== undefined && isAhead(place, now, timeZone),
  };
};

/** The minutes past the hour of a draft's time on the viewer's clock (kept when it moves to another hour). */
const minutesOf = (entry: DraftEntry, timeZone: string) =>
  Number(new Intl.DateTimeFormat('en-US', { minute: 'numeric', timeZone }).format(new Date(entry.at)));
