// An agent's posting day, shared by the server (which schedules by it) and the browser (which says when it posts).
// No zod: the agent form loads it with the first screen. Time zones come from Intl, in Node and browsers alike.

/**
 * When an agent's slots are spread over the day (its interval would make more posts than the plan leaves it), they
 * fall evenly between these hours of the account's time zone (seconds after midnight): people read posts by day.
 */
export const POSTING_HOURS = { start: 9 * 3600, end: 21 * 3600 } as const;

/** A spread schedule: its slots' times of day (seconds after midnight, ascending) in an IANA time zone. */
export type ScheduleSpread = { zone: string; times: number[] };

export const DAY_MS = 86_400_000;

/**
 * Each agent's share of the plan's posts a day, the account's agents in creation order: as even as can be, the
 * first ones taking what does not divide. An agent never gets less than one (with more agents than posts, the
 * dispatcher's quota check lets the day's last ones pass).
 */
export const postShares = (postsPerDay: number, agents: number) =>
  Array.from({ length: agents }, (_, index) =>
    Math.max(1, Math.floor(postsPerDay / agents) + (index < postsPerDay % agents ? 1 : 0)),
  );

/** Whether an interval makes more slots a day than `share`: the agent's slots are spread instead. */
export const needsSpread = (intervalMs: number, share: number) => DAY_MS / intervalMs > share;

/**
 * The times of day of an agent's `share` slots: evenly over the posting hours from their start, each agent of the
 * account shifted by its place among them (`position` of `count`), so that two agents do not post at once.
 */
export const spreadTimes = (share: number, position: number, count: number) => {
  const spacing = (POSTING_HOURS.end - POSTING_HOURS.start) / share;
  return Array.from({ length: share }, (_, slot) =>
    Math.round(POSTING_HOURS.start + spacing * (slot + position / count)),
  );
};

/** Whether the runtime knows this IANA time zone. */
export const isTimeZone = (zone: string) => {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
};

type LocalDate = { year: number; month: number; day: number };

const formatters = new Map<string, Intl.DateTimeFormat>();
const formatterOf = (zone: string) => {
  let formatter = formatters.get(zone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(zone, formatter);
  }
  return formatter;
};

/** The wall-clock reading of an instant in a zone, as if it were UTC (to the second). */
const wallClock = (zone: string, at: Date) => {
  const parts = Object.fromEntries(
    formatterOf(zone)
      .formatToParts(at)
      .map((part) => [part.type, Number(part.value)]),
  ) as Record<string, number>;
  return Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!);
};

const localDateOf = (zone: string, at: Date): LocalDate => {
  const wall = new Date(wallClock(zone, at));
  return { year: wall.getUTCFullYear(), month: wall.getUTCMonth() + 1, day: wall.getUTCDate() };
};

const addDays = ({ year, month, day }: LocalDate, days: number): LocalDate => {
  const moved = new Date(Date.UTC(year, month - 1, day + days));
  return { year: moved.getUTCFullYear(), month: moved.getUTCMonth() + 1, day: moved.getUTCDate() };
};

/** The instant a local date's time of day (seconds after midnight) falls in a zone; across a DST gap, just after. */
const zonedInstant = (zone: string, date: LocalDate, seconds: number) => {
  const wall = Date.UTC(date.year, date.month - 1, date.day) + seconds * 1000;
  const first = wall - (wallClock(zone, new Date(wall)) - wall);
  const offset = wallClock(zone, new Date(first)) - first;
  return new Date(wall - offset);
};

/** The spread's slots of the local days around `at`, in time order. */
const slotsAround = (spread: ScheduleSpread, at: Date, days: number[]) => {
  const today = localDateOf(spread.zone, at);
  return days.flatMap((offset) => spread.times.map((time) => zonedInstant(spread.zone, addDays(today, offset), time)));
};

/** The spread's first slot after `after`. */
export const nextSpreadSlot = (spread: ScheduleSpread, after: Date): Date =>
  slotsAround(spread, after, [-1, 0, 1, 2]).find((slot) => slot > after)!;

/** The spread's latest slot at or before `at`. */
export const previousSpreadSlot = (spread: ScheduleSpread, at: Date): Date =>
  slotsAround(spread, at, [-2, -1, 0, 1])
    .filter((slot) => slot <= at)
    .at(-1)!;

/** Whether `at` is one of the spread's slots. */
export const isSpreadSlot = (spread: ScheduleSpread, at: Date) =>
  previousSpreadSlot(spread, at).getTime() === at.getTime();

/** A time of day as the plan texts write it, 24-hour ("09:00"), in a zone. */
export const clockTime = (zone: string, at: Date) => {
  const wall = new Date(wallClock(zone, at));
  return `${String(wall.getUTCHours()).padStart(2, '0')}:${String(wall.getUTCMinutes()).padStart(2, '0')}`;
};

/** "today", "tomorrow" or "on Fri, Nov 28": the local day of `at` seen from `now`, in a zone. */
export const relativeDay = (zone: string, at: Date, now: Date) => {
  const day = localDateOf(zone, at);
  const today = localDateOf(zone, now);
  const same = (a: LocalDate, b: LocalDate) => a.year === b.year && a.month === b.month && a.day === b.day;
  if (same(day, today)) return 'today';
  if (same(day, addDays(today, 1))) return 'tomorrow';
  return `on ${new Intl.DateTimeFormat('en-US', { timeZone: zone, weekday: 'short', month: 'short', day: 'numeric' }).format(at)}`;
};
