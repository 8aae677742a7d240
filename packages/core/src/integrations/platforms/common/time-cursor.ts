/**
 * Where a look at a newest-first list with no "since" parameter got to (Bluesky's and Neynar's notifications): the
 * newest item's time and id, as `{time}|{id}`. A later look reads back until it meets that item or an older one.
 */
export type TimeCursor = { time: number; id: string | undefined };

export const timeCursorOf = (time: string, id: string) => `${time}|${id}`;

export const parseTimeCursor = (cursor: string | undefined): TimeCursor | undefined => {
  const [at, id] = (cursor ?? '').split('|');
  const time = Date.parse(at ?? '');
  return Number.isNaN(time) ? undefined : { time, id };
};

/** Whether an item (its time, ISO, and id) came after the cursor; everything does when there is none. */
export const isAfterCursor = (cursor: TimeCursor | undefined, time: string, id: string) => {
  const at = Date.parse(time);
  return !cursor || at > cursor.time || (at === cursor.time && id !== cursor.id);
};
