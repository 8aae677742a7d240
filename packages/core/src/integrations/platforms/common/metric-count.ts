/**
 * A count as a platform reports it — a number, or a string of digits (YouTube's statistics) — as a whole number of
 * zero or more; undefined when it is missing or not a count (the platform does not report it, or hides it).
 */
export const metricCount = (value: unknown): number | undefined => {
  const count = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;
  return typeof count === 'number' && Number.isSafeInteger(count) && count >= 0 ? count : undefined;
};

/** Drops the counts a platform did not report, so a reading says only what was read. */
export const reportedOnly = <T extends Record<string, number | undefined>>(counts: T) =>
  Object.fromEntries(Object.entries(counts).filter(([, value]) => value !== undefined)) as {
    [K in keyof T]?: number;
  };
