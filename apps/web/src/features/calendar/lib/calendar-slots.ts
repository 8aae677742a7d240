import type { CalendarEntry } from '@agentcast/contracts/calendar';
import { addDays, fromLocalInputValue, localDayKey, toLocalInputValue } from './calendar-time.ts';

/** The week view's rows: the hours of a day on the viewer's clock. */
export const HOURS = Array.from({ length: 24 }, (_, hour) => hour);

const pad = (value: number) => String(value).padStart(2, '0');

/** One hour of one local day: where an entry sits, a post can be written, or a draft dropped. */
export type SlotPlace = { day: string; hour: number };

/** The hour an instant falls in on the wall clock of `timeZone`. */
export const hourOf = (at: Date, timeZone: string) => Number(toLocalInputValue(at, timeZone).slice(11, 13));

/** The entries of a day by the hour they fall in. */
export const entriesByHour = (entries: readonly CalendarEntry[], timeZone: string) => {
  const byHour = new Map<number, CalendarEntry[]>();
  for (const entry of entries) {
    const hour = hourOf(new Date(entry.at), timeZone);
    byHour.set(hour, [...(byHour.get(hour) ?? []), entry]);
  }
  return byHour;
};

/** A place as a datetime-local value ('2026-11-25T14:00'), the composer's starting time. */
export const slotInputValue = ({ day, hour }: SlotPlace, minute = 0) => `${day}T${pad(hour)}:${pad(minute)}`;

/** The instant a place names at `minute` past its hour, on the wall clock of `timeZone`. */
export const slotInstant = (place: SlotPlace, timeZone: string, minute = 0) =>
  fromLocalInputValue(slotInputValue(place, minute), timeZone);

/** Whether the hour has not ended yet (a post or a draft can still be planned in it). */
export const isAhead = (place: SlotPlace, now: Date, timeZone: string) => {
  const end = slotInstant({ ...place, hour: place.hour }, timeZone, 59);
  return end !== undefined && end.getTime() > now.getTime();
};

/** The place of an instant. */
export const placeOf = (at: Date, timeZone: string): SlotPlace => ({
  day: localDayKey(at, timeZone),
  hour: hourOf(at, timeZone),
});

export type ArrowKey = 'ArrowUp' | 'ArrowDown' | 'ArrowLeft' | 'ArrowRight';
export const isArrowKey = (key: string): key is ArrowKey =>
  key === 'ArrowUp' || key === 'ArrowDown' || key === 'ArrowLeft' || key === 'ArrowRight';

/**
 * The place an arrow key leads to within the days shown: up and down an hour (into the day before or after at
 * midnight), left and right a day at the same hour. Undefined past the first or last day.
 */
export const stepPlace = ({ day, hour }: SlotPlace, key: ArrowKey, days: readonly string[]): SlotPlace | undefined => {
  const next =
    key === 'ArrowLeft' || key === 'ArrowRight'
      ? { day: addDays(day, key === 'ArrowLeft' ? -1 : 1), hour }
      : hour + (key === 'ArrowUp' ? -1 : 1) < 0
        ? { day: addDays(day, -1), hour: 23 }
        : hour + (key === 'ArrowUp' ? -1 : 1) > 23
          ? { day: addDays(day, 1), hour: 0 }
          : { day, hour: hour + (key === 'ArrowUp' ? -1 : 1) };
  return days.includes(next.day) ? next : undefined;
};

export const samePlace = (a: SlotPlace | undefined, b: SlotPlace | undefined) =>
  a !== undefined && b !== undefined && a.day === b.day && a.hour === b.hour;
