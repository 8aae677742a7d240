import { sql } from 'drizzle-orm';
import { recordPlatformCalls } from '../costs/record-platform-calls.ts';
import { showDeliveries } from '../runs/publish/show-deliveries.ts';
import { claimDueMetrics, type DuePost } from './claim-due-metrics.ts';
import { groupByAccount, type AccountPosts } from './group-by-account.ts';
import { keepMetricsOutcomes } from './keep-metrics-outcomes.ts';
import { atNextStep, type MetricsOutcome } from './metrics-outcome.ts';
import type { MetricsServices } from './metrics-services.ts';
import { readAccountMetrics } from './read-account-metrics.ts';
import { withinReadBudget } from './x-read-budget.ts';

export type CollectOptions = {
  /** Posts claimed in one pass. */
  limit: number;
  /** How long a claimed post is this worker's; longer than a pass takes. */
  leaseMs: number;
  /** Accounts read side by side. */
  concurrency: number;
};

export const DEFAULT_COLLECT_OPTIONS: CollectOptions = { limit: 500, leaseMs: 10 * 60_000, concurrency: 8 };

/** Runs `work` over `items`, at most `concurrency` at a time. */
const mapConcurrently = async <T, R>(items: T[], concurrency: number, work: (item: T) => Promise<R>) => {
  const results: R[] = [];
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next++] as T;
      results.push(await work(item));
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
  return results;
};

/** Every post of these agents on this platform stops being read: the platform will not let the account read any. */
const stopAccountReads = (services: MetricsServices, account: AccountPosts) => {
  const owners = account.owners.map(({ workspaceId, agentId }) => sql`(${workspaceId}, ${agentId}::uuid)`);
  return services.db.execute(sql`
    UPDATE delivery SET metrics_next_at = NULL
    WHERE platform = ${account.adapter.id} AND metrics_next_at IS NOT NULL AND (workspace_id, agent_id) IN (${sql.join(owners, sql`, `)})`);
};

/** X bills each post read (once a UTC day): counted per agent, like the replies loop's reads. */
const meterXReads = async (services: MetricsServices, outcomes: MetricsOutcome[], now: Date) => {
  const byAgent = new Map<string, { workspaceId: string; postIds: string[] }>();
  for (const outcome of outcomes) {
    if (outcome.kind !== 'read' || outcome.post.platform !== 'x' || !outcome.post.postId) continue;
    const entry = byAgent.get(outcome.post.agentId) ?? { workspaceId: outcome.post.workspaceId, postIds: [] };
    entry.postIds.push(outcome.post.postId);
    byAgent.set(outcome.post.agentId, entry);
  }
  for (const [agentId, { workspaceId, postIds }] of byAgent) {
    await recordPlatformCalls(services.db, {
      workspaceId,
      agentId,
      call: 'x.read',
      resourceIds: postIds,
      prices: services.prices,
      now,
    }).catch((error: unknown) =>
      services.logger.warn({ err: error, agentId }, 'Could not count the metrics read in the cost meter'),
    );
  }
};

/**
 * One pass of metrics collection (issue 17 §6): claims the published posts whose metrics are due, groups them by
 * platform account, leaves X posts the agent's monthly budget cannot pay for to their next step, reads the rest in
 * batches within each account's allowance, keeps a reading per post and its next time on the schedule, counts X's
 * reads in the cost meter and shows the new metrics in the terminal. Any number of workers may run it side by side.
 */
export const collectDueMetrics = async (
  services: MetricsServices,
  { limit, leaseMs, concurrency }: CollectOptions = DEFAULT_COLLECT_OPTIONS,
) => {
  const now = services.now();
  const due = await claimDueMetrics(services.db, { now, limit, leaseMs });
  if (due.length === 0) return { claimed: 0, read: 0, later: 0, requests: 0 };
  const onX = due.filter((post) => post.platform === 'x');
  const budget = await withinReadBudget(services.db, onX, { prices: services.prices, now });
  const readable: DuePost[] = [...due.filter((post) => post.platform !== 'x'), ...budget.affordable];
  const grouped = await groupByAccount(services, readable, now);
  const outcomes: MetricsOutcome[] = [...budget.refused.map((post) => atNextStep(post, now)), ...grouped.outcomes];
  let requests = 0;
  const results = await mapConcurrently(grouped.accounts, concurrency, async (account) => {
    const result = await readAccountMetrics(services, account, now);
    return { account, ...result };
  });
  for (const result of results) {
    outcomes.push(...result.outcomes);
    requests += result.requests;
  }
  const kept = await keepMetricsOutcomes(services.db, outcomes, now);
  for (const result of results.filter(({ notPermitted }) => notPermitted))
    await stopAccountReads(services, result.account);
  await meterXReads(services, outcomes, now);
  const runIds = [...new Set(outcomes.filter((outcome) => outcome.kind === 'read').map(({ post }) => post.runId))];
  await showDeliveries(services, runIds);
  if (budget.refused.length > 0)
    services.logger.info({ posts: budget.refused.length }, 'Monthly budget reached: X metrics not read');
  return { claimed: due.length, ...kept, requests };
};
