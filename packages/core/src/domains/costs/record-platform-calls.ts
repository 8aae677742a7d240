import { DEFAULT_PLATFORM_PRICES, type BillableCall, type PlatformPrices } from '@agentcast/contracts/costs';
import { sql } from 'drizzle-orm';
import type { Database } from '@agentcast/db/client';
import { jsonRecords } from '@agentcast/db/query-rows';
import { platformCall } from '@agentcast/db/schema/costs';
import { usageDay } from '../plans/usage-day.ts';

/** Posts that carry a link cost more on X: a URL, or a bare domain X would turn into one. */
const LINK = /https?:\/\/|\bwww\.|\b[a-z0-9-]+\.(?:com|io|ai|app|dev|org|net|co)\b/i;

/** Which billable call creating this post on X is. */
export const xPostCall = (text: string): BillableCall => (LINK.test(text) ? 'x.post_with_url' : 'x.post');

/** Billable calls of one agent: one per resource (the post made or read). */
export type PlatformCalls = {
  workspaceId: string;
  agentId: string;
  call: BillableCall;
  resourceIds: string[];
  prices?: PlatformPrices;
  now: Date;
};

/**
 * Counts billable calls of an agent, one row per resource (the post made or read), at the prices in force. A
 * resource already counted today for the same call is not counted again: X bills a read once per UTC day. Callers
 * catch what it throws and log it: a meter that cannot write must not undo or repeat a post that went out.
 */
export const recordPlatformCalls = (db: Pick<Database, 'execute'>, calls: PlatformCalls) =>
  recordManyPlatformCalls(db, [calls]);

/** recordPlatformCalls for several agents' calls in one statement. */
export const recordManyPlatformCalls = async (db: Pick<Database, 'execute'>, calls: PlatformCalls[]) => {
  const rows = calls.flatMap(({ workspaceId, agentId, call, resourceIds, prices = DEFAULT_PLATFORM_PRICES, now }) =>
    resourceIds.map((resourceId) => ({
      workspaceId,
      agentId,
      call,
      resourceId,
      day: usageDay(now),
      priceMicros: Math.round(prices[call] * 1_000_000),
      createdAt: now,
    })),
  );
  if (rows.length === 0) return;
  const { columns, source } = jsonRecords(platformCall, rows);
  await db.execute(sql`INSERT INTO platform_call (${columns}) SELECT ${columns} FROM ${source} ON CONFLICT DO NOTHING`);
};
