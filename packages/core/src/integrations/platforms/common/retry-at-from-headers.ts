/** Reads one response header by (lower-case) name. */
export type HeaderReader = (name: string) => string | undefined;

/** X's rate-limit windows: the 15-minute one every endpoint has, and the 24-hour ones posting has. */
const X_WINDOWS = ['x-rate-limit', 'x-user-limit-24hour', 'x-app-limit-24hour'];

/**
 * When a rate-limited platform accepts calls again: `Retry-After` (seconds or an HTTP date), or X's
 * `x-…-reset` epoch seconds. X sends several windows; the one exhausted (remaining 0) that resets last decides,
 * because retrying when the 15-minute window reopens is useless while the 24-hour one is still spent.
 */
export const retryAtFromHeaders = (header: HeaderReader, now = new Date()): Date | undefined => {
  const retryAfter = header('retry-after')?.trim();
  if (retryAfter) {
    if (/^\d+$/.test(retryAfter)) return new Date(now.getTime() + Number(retryAfter) * 1000);
    const date = new Date(retryAfter);
    if (!Number.isNaN(date.getTime())) return date;
  }
  const windows = X_WINDOWS.map((prefix) => ({
    remaining: header(`${prefix}-remaining`),
    reset: Number(header(`${prefix}-reset`)),
  })).filter((window) => Number.isFinite(window.reset) && window.reset > 0);
  const exhausted = windows.filter((window) => window.remaining === '0');
  const resets = (exhausted.length > 0 ? exhausted : windows).map((window) => window.reset * 1000);
  return resets.length > 0 ? new Date(Math.max(...resets)) : undefined;
};
