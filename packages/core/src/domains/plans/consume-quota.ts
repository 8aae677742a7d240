import { sql } from 'drizzle-orm';
import type { Database } from '@agentcast/db/client';
import { queryRows } from '@agentcast/db/query-rows';
import { usageDay } from './usage-day.ts';

export type QuotaKind = 'posts' | 'replies';

/**
 * Takes one post or reply from the account's allowance for the day, or answers false when none is left. A single
 * upsert whose update only happens under the limit, so concurrent planners (in one transaction each) can never
 * together go over it. `limit` null: unlimited, still counted for the dashboard. Every plan allows at least one.
 */
export const consumeQuota = async (
  db: Database,
  { workspaceId, kind, limit, at }: { workspaceId: string; kind: QuotaKind; limit: number | null; at: Date },
) => {
  const column = sql.identifier(kind);
  const granted = await queryRows<unknown>(
    db,
    sql`
    INSERT INTO daily_usage (workspace_id, day, ${column}) VALUES (${workspaceId}, ${usageDay(at)}, 1)
    ON CONFLICT (workspace_id, day) DO UPDATE SET ${column} = daily_usage.${column} + 1
    ${limit === null ? sql`` : sql`WHERE daily_usage.${column} < ${limit}`}
    RETURNING 1`,
  );
  return granted.length > 0;
};

/**
 * The UTC day whose quota a run holds: the day it goes out, recorded when it took it (and moved with it). A run
 * planned before runs recorded it took its creation day's.
 */
export const heldQuotaDay = (run: { quotaDay: string | null; createdAt: Date }) =>
  run.quotaDay ?? usageDay(run.createdAt);

/** Gives back what a run took from its day when it produced nothing (it failed, or its draft was rejected). */
export const refundQuota = async (
  db: Database,
  { workspaceId, kind, day }: { workspaceId: string; kind: QuotaKind; day: string },
) => {
  const column = sql.identifier(kind);
  await db.execute(sql`
    UPDATE daily_usage SET ${column} = greatest(${column} - 1, 0) WHERE workspace_id = ${workspaceId} AND day = ${day}`);
};

/**
 * Moves a post's quota from the day it held to the day it now goes out (a draft moved, or approved to go now):
 * taken there under the limit, then given back where it was. False: that day's are used, and nothing changed.
 */
export const moveQuota = async (
  db: Database,
  {
    workspaceId,
    kind,
    limit,
    from,
    to,
  }: { workspaceId: string; kind: QuotaKind; limit: number | null; from: string; to: Date },
) => {
  if (from === usageDay(to)) return true;
  if (!(await consumeQuota(db, { workspaceId, kind, limit, at: to }))) return false;
  await refundQuota(db, { workspaceId, kind, day: from });
  return true;
};

/**
 * Takes up to `count` from the allowance at once (a batch of scheduled slots), answering how many it got. The day's
 * row is locked for the rest of the caller's transaction, so concurrent planners share the allowance exactly.
 */
export const consumeQuotaBatch = async (
  db: Database,
  {
    workspaceId,
    kind,
    limit,
    at,
    count,
  }: { workspaceId: string; kind: QuotaKind; limit: number | null; at: Date; count: number },
) => {
  const column = sql.identifier(kind);
  const day = usageDay(at);
  if (limit === null) {
    await db.execute(sql`
      INSERT INTO daily_usage (workspace_id, day, ${column}) VALUES (${workspaceId}, ${day}, ${count})
      ON CONFLICT (workspace_id, day) DO UPDATE SET ${column} = daily_usage.${column} + ${count}`);
    return count;
  }
  await db.execute(
    sql`INSERT INTO daily_usage (workspace_id, day) VALUES (${workspaceId}, ${day}) ON CONFLICT (workspace_id, day) DO NOTHING`,
  );
  const [row] = await queryRows<{ used: number }>(
    db,
    sql`SELECT ${column} AS used FROM daily_usage WHERE workspace_id = ${workspaceId} AND day = ${day} FOR UPDATE`,
  );
  const used = Number(row?.used ?? 0);
  const granted = Math.max(0, Math.min(count, limit - used));
  if (granted > 0)
    await db.execute(
      sql`UPDATE daily_usage SET ${column} = ${column} + ${granted} WHERE workspace_id = ${workspaceId} AND day = ${day}`,
    );
  return granted;
};

/**
 * consumeQuotaBatch for accounts without a limit, all in one statement: each takes its whole count (counted for the
 * dashboard). Rows are upserted in the accounts' order, so concurrent planners lock them in the same order.
 */
export const consumeUnlimitedQuotas = async (
  db: Database,
  { kind, at, counts }: { kind: QuotaKind; at: Date; counts: Map<string, number> },
) => {
  if (counts.size === 0) return;
  const column = sql.identifier(kind);
  const day = usageDay(at);
  const rows = [...counts]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([workspaceId, count]) => sql`(${workspaceId}, ${day}, ${count})`);
  await db.execute(sql`
    INSERT INTO daily_usage (workspace_id, day, ${column}) VALUES ${sql.join(rows, sql`, `)}
    ON CONFLICT (workspace_id, day) DO UPDATE SET ${column} = daily_usage.${column} + excluded.${column}`);
};
