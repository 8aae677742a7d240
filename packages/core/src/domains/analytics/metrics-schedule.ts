import { METRICS_READ_AFTER_HOURS, METRICS_WINDOW_DAYS } from '@agentcast/contracts/analytics';

const HOUR_MS = 3_600_000;
const READ_AFTER_MS = METRICS_READ_AFTER_HOURS.map((hours) => hours * HOUR_MS);
/**
 * A reading put off (a rate limit, a platform down) may still happen this long after the last planned one; past it
 * the post's metrics stop being read, so nothing is read for ever.
 */
const LAST_READ_GRACE_MS = 24 * HOUR_MS;
const GIVE_UP_MS = METRICS_WINDOW_DAYS * 24 * HOUR_MS + LAST_READ_GRACE_MS;

/**
 * The post's next planned reading after `now`: the first of METRICS_READ_AFTER_HOURS still ahead, or null once the
 * last is past. Steps missed while the worker was down (or put off) are not caught up: the next one ahead is next.
 */
export const nextMetricsReadAt = (publishedAt: Date, now: Date): Date | null => {
  const next = READ_AFTER_MS.map((afterMs) => publishedAt.getTime() + afterMs).find((at) => at > now.getTime());
  return next === undefined ? null : new Date(next);
};

/** A reading put off until `at`, or null when that is too late for the post's window. */
export const putOffMetricsRead = (publishedAt: Date, at: Date): Date | null =>
  at.getTime() <= publishedAt.getTime() + GIVE_UP_MS ? at : null;
