import { and, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import { COST_MESSAGES, DEFAULT_PLATFORM_PRICES, type PlatformPrices } from '@agentcast/contracts/costs';
import type { Database } from '@agentcast/db/client';
import { agent } from '@agentcast/db/schema/agents';
import { platformCall } from '@agentcast/db/schema/costs';
import { coalescePerHandle } from '../../kernel/coalesce-calls.ts';
import { monthOf } from './month-of.ts';
import { xPostCall } from './record-platform-calls.ts';

/** What an agent's billable calls have cost this UTC month, in millionths of a dollar. */
export const monthSpentMicros = async (db: Database, { agentId, now }: { agentId: string; now: Date }) => {
  const month = monthOf(now);
  const [row] = await db
    .select({ micros: sql<string | null>`sum(${platformCall.priceMicros})` })
    .from(platformCall)
    .where(and(eq(platformCall.agentId, agentId), gte(platformCall.day, month.start), lt(platformCall.day, month.end)));
  return Number(row?.micros ?? 0);
};

/** Whether a call costing `nextCallUsd` would take the month's spending past the budget (never without one). */
export const passesBudget = ({
  budgetUsd,
  spentMicros,
  nextCallUsd,
}: {
  budgetUsd: number | null;
  spentMicros: number;
  nextCallUsd: number;
}) => budgetUsd !== null && spentMicros + Math.round(nextCallUsd * 1_000_000) > Math.round(budgetUsd * 1_000_000);

/**
 * Checks the next billable call of an agent against its monthly budget (issue 17 §7): answers how much the month
 * has cost so far, and whether the call must not be made.
 */
export const checkBudget = async (
  db: Database,
  {
    agentId,
    budgetUsd,
    nextCallUsd,
    now,
  }: { agentId: string; budgetUsd: number | null; nextCallUsd: number; now: Date },
) => {
  if (budgetUsd === null) return { blocked: false, spentUsd: 0 };
  const spentMicros = await monthSpentMicros(db, { agentId, now });
  return { blocked: passesBudget({ budgetUsd, spentMicros, nextCallUsd }), spentUsd: spentMicros / 1_000_000 };
};

/** An agent's monthly budget (null: none), read with those of the other posts checked at the same moment. */
const monthlyBudgetOf = coalescePerHandle(async (db: Database, _group: string, agentIds: string[]) => {
  const rows = await db
    .select({ id: agent.id, budgetUsd: agent.monthlyBudgetUsd })
    .from(agent)
    .where(inArray(agent.id, [...new Set(agentIds)]));
  const budgetOf = new Map(rows.map((row) => [row.id, row.budgetUsd]));
  return agentIds.map((agentId) => budgetOf.get(agentId) ?? null);
});

/**
 * Why these posts must not go to X, when the agent's monthly budget would be passed by them (a message for the
 * delivery's terminal note); null when they may go. `texts`: the posts still to make — one, or a thread's parts
 * not yet on X, which are all checked before the first, so a budget never stops a thread halfway. Only X bills posts.
 */
export const budgetRefusalForPost = async (
  db: Database,
  {
    platform,
    agentId,
    texts,
    prices = DEFAULT_PLATFORM_PRICES,
    now,
  }: { platform: string; agentId: string; texts: string[]; prices?: PlatformPrices; now: Date },
) => {
  if (platform !== 'x') return null;
  const budgetUsd = await monthlyBudgetOf(db, agentId);
  const postUsd = texts.reduce((sum, text) => sum + prices[xPostCall(text)], 0);
  const { blocked, spentUsd } = await checkBudget(db, { agentId, budgetUsd, nextCallUsd: postUsd, now });
  return blocked && budgetUsd !== null
    ? COST_MESSAGES.budgetReachedForPost(budgetUsd, spentUsd, postUsd, texts.length)
    : null;
};
