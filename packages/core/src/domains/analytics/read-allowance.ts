import { sql } from 'drizzle-orm';
import type { Database } from '@agentcast/db/client';
import { queryRows } from '@agentcast/db/query-rows';
import type { MetricsReadLimit } from '../../integrations/platforms/common/platform.ts';

/**
 * The part of a platform's limit that reading metrics may use. An account's allowance is shared with publishing and
 * the replies loop (Instagram polls a Reel's container every few seconds): half of it. An app-wide quota is shared
 * with every account's uploads (a YouTube upload costs 100–1,600 of the day's 10,000 units): a fifth. Windows are
 * counted on fixed boundaries, so at worst two of them meet inside one of the platform's sliding windows: half a
 * limit twice is still within it.
 */
export const metricsShareOf = (limit: MetricsReadLimit) =>
  Math.max(1, Math.floor(limit.requests * (limit.per === 'app' ? 0.2 : 0.5)));

/** Whose allowance a request draws on: the platform account's own, or the whole app's ('*'). */
export const allowanceKey = (limit: MetricsReadLimit, accountId: string) => (limit.per === 'app' ? '*' : accountId);

const windowStartOf = (now: Date, windowMs: number) => new Date(Math.floor(now.getTime() / windowMs) * windowMs);

type Allowance = { platform: string; key: string; limit: MetricsReadLimit; now: Date };

/** Takes exactly `requests` from the window's share, or nothing (over the share, or held by the platform). */
const takeExactly = async (db: Database, { platform, key, limit, now }: Allowance, requests: number) => {
  const windowStart = windowStartOf(now, limit.windowMs).toISOString();
  const taken = await queryRows<{ requests: number }>(
    db,
    sql`
    INSERT INTO metrics_read_window AS w (platform, account_key, window_start, requests)
    VALUES (${platform}, ${key}, ${windowStart}::timestamptz, ${requests})
    ON CONFLICT (platform, account_key) DO UPDATE SET
      requests = CASE WHEN w.window_start = excluded.window_start THEN w.requests + excluded.requests
        ELSE excluded.requests END,
      window_start = excluded.window_start
    WHERE (w.blocked_until IS NULL OR w.blocked_until <= ${now.toISOString()}::timestamptz)
      AND (w.window_start <> excluded.window_start OR w.requests + excluded.requests <= ${metricsShareOf(limit)})
    RETURNING w.requests`,
  );
  return taken.length > 0;
};

/**
 * Takes up to `requests` from the allowance of this platform account in the current window: all of them when the
 * window's share has room, else what is left of it, or none while the platform said to wait (a 429's reset). Atomic,
 * so workers reading side by side share one count. `retryAt`: when the rest may be asked for.
 */
export const takeReadAllowance = async (
  db: Database,
  allowance: Allowance,
  requests: number,
): Promise<{ granted: number; retryAt: Date }> => {
  const { platform, key, limit, now } = allowance;
  const share = metricsShareOf(limit);
  const windowEnd = new Date(windowStartOf(now, limit.windowMs).getTime() + limit.windowMs);
  const wanted = Math.min(requests, share);
  if (wanted > 0 && (await takeExactly(db, allowance, wanted))) return { granted: wanted, retryAt: windowEnd };
  const [state] = await queryRows<{
    window_start: string | Date;
    requests: number;
    blocked_until: string | Date | null;
  }>(
    db,
    sql`SELECT window_start, requests, blocked_until FROM metrics_read_window
      WHERE platform = ${platform} AND account_key = ${key}`,
  );
  const blockedUntil = state?.blocked_until ? new Date(state.blocked_until) : null;
  if (blockedUntil && blockedUntil > now) return { granted: 0, retryAt: blockedUntil };
  const sameWindow = state && new Date(state.window_start).getTime() === windowStartOf(now, limit.windowMs).getTime();
  const left = share - (sameWindow ? Number(state.requests) : 0);
  if (left > 0 && left < wanted && (await takeExactly(db, allowance, left)))
    return { granted: left, retryAt: windowEnd };
  return { granted: 0, retryAt: windowEnd };
};

/**
 * The platform refused this account's reads (429, a quota used up) until `until`, or — when it did not say — until
 * the current window ends: no worker asks it again before then.
 */
export const holdReads = async (db: Database, { platform, key, limit, now, until }: Allowance & { until?: Date }) => {
  const windowStart = windowStartOf(now, limit.windowMs);
  const at = until ?? new Date(windowStart.getTime() + limit.windowMs);
  await db.execute(sql`
    INSERT INTO metrics_read_window AS w (platform, account_key, window_start, requests, blocked_until)
    VALUES (${platform}, ${key}, ${windowStart.toISOString()}::timestamptz, 0, ${at.toISOString()}::timestamptz)
    ON CONFLICT (platform, account_key) DO UPDATE SET blocked_until = greatest(w.blocked_until, excluded.blocked_until)`);
  return at;
};
