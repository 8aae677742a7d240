const DATE_AND_TIME = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** A moment as people read it in their own locale and zone, e.g. "Nov 24, 2026, 9:30 PM". */
export const dateAndTime = (iso: string) => DATE_AND_TIME.format(new Date(iso));
