const DAY_MS = 86_400_000;

/**
 * The person's last `days` local days, today included (tz_offset: minutes east of UTC): the first and last as
 * YYYY-MM-DD, and from when in UTC the period's posts are counted (the first day's local midnight).
 */
export const analyticsPeriod = ({ days, tzOffset, now }: { days: number; tzOffset: number; now: Date }) => {
  const offsetMs = tzOffset * 60_000;
  const localNow = new Date(now.getTime() + offsetMs);
  const today = Date.UTC(localNow.getUTCFullYear(), localNow.getUTCMonth(), localNow.getUTCDate());
  const firstDay = today - (days - 1) * DAY_MS;
  const date = (at: number) => new Date(at).toISOString().slice(0, 10);
  return {
    firstDate: date(firstDay),
    lastDate: date(today),
    from: new Date(firstDay - offsetMs),
    offsetMinutes: tzOffset,
  };
};

export type AnalyticsPeriod = ReturnType<typeof analyticsPeriod>;
