import { DEFAULT_PLATFORM_PRICES, type PlatformPrices } from '@agentcast/contracts/costs';
import type { Database } from '@agentcast/db/client';
import { monthSpentMicros } from '../costs/agent-budget.ts';
import type { DuePost } from './claim-due-metrics.ts';

/**
 * Splits due X posts into those their agents' monthly budgets can pay to read now and the rest (issue 17 §7: when
 * the next call would pass the budget, the agent stops reading metrics for the month). Each post is counted at
 * X's read price, though one already read today costs nothing more: erring towards the budget. Nothing is stored
 * about being stopped, so raising the budget lets the next reading go.
 */
export const withinReadBudget = async (
  db: Database,
  posts: DuePost[],
  { prices = DEFAULT_PLATFORM_PRICES, now }: { prices?: PlatformPrices; now: Date },
) => {
  const priceMicros = Math.round(prices['x.read'] * 1_000_000);
  const affordable: DuePost[] = [];
  const refused: DuePost[] = [];
  const byAgent = new Map<string, DuePost[]>();
  for (const post of posts) {
    const owned = byAgent.get(post.agentId) ?? [];
    owned.push(post);
    byAgent.set(post.agentId, owned);
  }
  for (const [agentId, owned] of byAgent) {
    const budgetUsd = owned[0]?.budgetUsd ?? null;
    if (budgetUsd === null || priceMicros <= 0) {
      affordable.push(...owned);
      continue;
    }
    const left = Math.round(budgetUsd * 1_000_000) - (await monthSpentMicros(db, { agentId, now }));
    const reads = Math.max(0, Math.floor(left / priceMicros));
    // The oldest posts first: their window closes first.
    const oldestFirst = owned.toSorted((a, b) => a.publishedAt.getTime() - b.publishedAt.getTime());
    affordable.push(...oldestFirst.slice(0, reads));
    refused.push(...oldestFirst.slice(reads));
  }
  return { affordable, refused };
};
