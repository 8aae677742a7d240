const pacificClock = new Intl.DateTimeFormat('en-US', {
  timeZone: 'America/Los_Angeles',
  hourCycle: 'h23',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
});

/** How far Pacific wall-clock time is from UTC at this instant, in ms (−7 h in summer, −8 h in winter). */
const pacificOffsetMs = (instant: Date) => {
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    Number(pacificClock.formatToParts(instant).find((candidate) => candidate.type === type)?.value);
  const wallClockAsUtc = Date.UTC(
    part('year'),
    part('month') - 1,
    part('day'),
    part('hour'),
    part('minute'),
    part('second'),
  );
  return wallClockAsUtc - Math.floor(instant.getTime() / 1000) * 1000;
};

/**
 * When YouTube's daily API quota renews: the next midnight in Pacific time, which is when Google resets it. The
 * offset is read again at that midnight because the clocks may change in between (they change at 2 am, never at
 * midnight, so the midnight itself is never skipped or doubled).
 */
export const nextPacificMidnight = (now = new Date()): Date => {
  const wallClock = new Date(now.getTime() + pacificOffsetMs(now));
  const midnightWallClock = Date.UTC(wallClock.getUTCFullYear(), wallClock.getUTCMonth(), wallClock.getUTCDate() + 1);
  const roughly = new Date(midnightWallClock - pacificOffsetMs(now));
  return new Date(midnightWallClock - pacificOffsetMs(roughly));
};
