/**
 * The server answers days as YYYY-MM-DD and hours as 0–23 of the viewer's own day, already shifted: they are shown
 * as they are, formatted in UTC so the browser does not shift them a second time.
 */

const DAY = new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric', timeZone: 'UTC' });
const LONG_DAY = new Intl.DateTimeFormat(undefined, {
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  timeZone: 'UTC',
});
const HOUR = new Intl.DateTimeFormat(undefined, { hour: 'numeric', timeZone: 'UTC' });

const utcDate = (date: string) => new Date(`${date}T00:00:00Z`);

/** "2026-11-14" → "Nov 14", for axis ticks. */
export const dayLabel = (date: string) => DAY.format(utcDate(date));

/** "2026-11-14" → "Sat, Nov 14", for tables and summaries. */
export const longDayLabel = (date: string) => LONG_DAY.format(utcDate(date));

/** 9 → "9 AM" (or "09" where the viewer's locale counts 24 hours). */
export const hourLabel = (hour: number) => HOUR.format(new Date(Date.UTC(2000, 0, 1, hour)));

/** 9 → "9 AM–10 AM": the hour a post went out in. */
export const hourRange = (hour: number) => `${hourLabel(hour)}–${hourLabel((hour + 1) % 24)}`;
