/**
 * Calendar dates in the viewer's time zone, with Intl only. A local day is named by its date ('2026-11-25'); day
 * arithmetic is done on that date, not by adding 24 hours, so a day of 23 or 25 hours (DST) never skips or repeats.
 */

/** The viewer's time zone as the browser names it ("Europe/Berlin"). */
export const viewerTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

const partsFormats = new Map<string, Intl.DateTimeFormat>();
/** Formatting is the slow part of Intl, and a week has hundreds of entries: one formatter per zone. */
const partsFormat = (timeZone: string) => {
  let format = partsFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    partsFormats.set(timeZone, format);
  }
  return format;
};

type WallClock = { year: number; month: number; day: number; hour: number; minute: number; second: number };

/** What a clock on the wall in `timeZone` shows at `date`. */
const wallClock = (date: Date, timeZone: string): WallClock => {
  const parts = Object.fromEntries(
    partsFormat(timeZone)
      .formatToParts(date)
      .map((part) => [part.type, Number(part.value)]),
  );
  return {
    year: parts.year ?? 0,
    month: parts.month ?? 1,
    day: parts.day ?? 1,
    hour: parts.hour ?? 0,
    minute: parts.minute ?? 0,
    second: parts.second ?? 0,
  };
};

const pad = (value: number) => String(value).padStart(2, '0');

/** The local day of an instant, as 'YYYY-MM-DD'. */
export const localDayKey = (date: Date, timeZone: string) => {
  const { year, month, day } = wallClock(date, timeZone);
  return `${year}-${pad(month)}-${pad(day)}`;
};

/** The day `offset` days after the day `key` (negative: before). */
export const addDays = (key: string, offset: number) => {
  const [year = 0, month = 1, day = 1] = key.split('-').map(Number);
  return new Date(Date.UTC(year, month - 1, day + offset)).toISOString().slice(0, 10);
};

/** `count` consecutive local days starting `start` days from today (0: today). */
export const localDays = (now: Date, timeZone: string, start: number, count: number) => {
  const today = localDayKey(now, timeZone);
  return Array.from({ length: count }, (_, index) => addDays(today, start + index));
};

/** A day's heading ("Wed, Nov 25"); the key is a calendar date, so it is formatted at noon UTC as UTC. */
export const dayHeading = (key: string, locale?: string) =>
  new Intl.DateTimeFormat(locale, { weekday: 'short', month: 'short', day: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${key}T12:00:00Z`),
  );

/** The time of day of an instant in `timeZone` ("9:30 AM", "09:30"). */
export const timeOfDay = (date: Date, timeZone: string, locale?: string) =>
  new Intl.DateTimeFormat(locale, { hour: 'numeric', minute: '2-digit', timeZone }).format(date);

/** Day and time, for names that must stand alone (a button's accessible name, a moved draft's notice). */
export const dayAndTime = (date: Date, timeZone: string, locale?: string) =>
  new Intl.DateTimeFormat(locale, {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone,
  }).format(date);

/** An instant as an <input type="datetime-local"> value ('2026-11-25T09:30') on the wall clock of `timeZone`. */
export const toLocalInputValue = (date: Date, timeZone: string) => {
  const { year, month, day, hour, minute } = wallClock(date, timeZone);
  return `${year}-${pad(month)}-${pad(day)}T${pad(hour)}:${pad(minute)}`;
};

/** How far `timeZone`'s wall clock is ahead of UTC at `date`, in ms. */
const offsetAt = (date: Date, timeZone: string) => {
  const clock = wallClock(date, timeZone);
  const asUtc = Date.UTC(clock.year, clock.month - 1, clock.day, clock.hour, clock.minute, clock.second);
  return asUtc - Math.floor(date.getTime() / 1000) * 1000;
};

/**
 * The instant a datetime-local value names on the wall clock of `timeZone`; undefined when it is not a time. The
 * offset is looked up at the guess and again at the result, which settles it on either side of a DST change; a
 * time that a change skips (02:30 on a spring-forward night) comes out an hour later, as clocks would read it.
 */
export const fromLocalInputValue = (value: string, timeZone: string) => {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(value);
  if (!match) return undefined;
  const [, year, month, day, hour, minute] = match.map(Number) as [number, number, number, number, number, number];
  const wall = Date.UTC(year, month - 1, day, hour, minute);
  const first = wall - offsetAt(new Date(wall), timeZone);
  return new Date(wall - offsetAt(new Date(first), timeZone));
};
