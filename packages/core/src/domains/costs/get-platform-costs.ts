import { and, eq, gte, isNotNull, lt, sql } from 'drizzle-orm';
import {
  DEFAULT_PLATFORM_PRICES,
  type BillableCall,
  type PlatformCosts,
  type PlatformPrices,
} from '@agentcast/contracts/costs';
import type { Database } from '@agentcast/db/client';
import { agent } from '@agentcast/db/schema/agents';
import { platformCall } from '@agentcast/db/schema/costs';
import { passesBudget } from './agent-budget.ts';
import { monthOf } from './month-of.ts';

type Entry = {
  agent_id: string;
  name: string;
  micros: number;
  calls: Partial<Record<BillableCall, number>>;
  budget_usd: number | null;
};

const dollars = (micros: number) => Math.round(micros) / 1_000_000;

/**
 * This month's estimated platform cost of each of the account's agents that made billable calls or has a budget,
 * and in all: the dashboard's cost meter, and whether each agent's budget has stopped it.
 */
export const getPlatformCosts = async (
  db: Database,
  {
    workspaceId,
    prices = DEFAULT_PLATFORM_PRICES,
    now = new Date(),
  }: { workspaceId: string; prices?: PlatformPrices; now?: Date },
): Promise<PlatformCosts> => {
  const month = monthOf(now);
  const rows = await db
    .select({
      agentId: platformCall.agentId,
      name: agent.name,
      budgetUsd: agent.monthlyBudgetUsd,
      call: platformCall.call,
      units: sql<number>`count(*)::int`,
      micros: sql<string>`sum(${platformCall.priceMicros})`,
    })
    .from(platformCall)
    .innerJoin(agent, eq(agent.id, platformCall.agentId))
    .where(
      and(
        eq(platformCall.workspaceId, workspaceId),
        gte(platformCall.day, month.start),
        lt(platformCall.day, month.end),
      ),
    )
    .groupBy(platformCall.agentId, agent.name, agent.monthlyBudgetUsd, platformCall.call);
  const budgeted = await db
    .select({ agentId: agent.id, name: agent.name, budgetUsd: agent.monthlyBudgetUsd })
    .from(agent)
    .where(and(eq(agent.workspaceId, workspaceId), isNotNull(agent.monthlyBudgetUsd)));

  const agents = new Map<string, Entry>();
  const entryOf = (agentId: string, name: string, budgetUsd: number | null) => {
    const entry = agents.get(agentId) ?? { agent_id: agentId, name, micros: 0, calls: {}, budget_usd: budgetUsd };
    agents.set(agentId, entry);
    return entry;
  };
  const total = { micros: 0, calls: {} as Partial<Record<BillableCall, number>> };
  for (const row of rows) {
    const entry = entryOf(row.agentId, row.name, row.budgetUsd);
    const micros = Number(row.micros);
    entry.micros += micros;
    entry.calls[row.call] = row.units;
    total.micros += micros;
    total.calls[row.call] = (total.calls[row.call] ?? 0) + row.units;
  }
  for (const row of budgeted) entryOf(row.agentId, row.name, row.budgetUsd);

  return {
    month: month.name,
    total: { usd: dollars(total.micros), calls: total.calls },
    agents: [...agents.values()]
      .sort((a, b) => b.micros - a.micros || a.name.localeCompare(b.name))
      .map(({ micros, ...entry }) => ({
        ...entry,
        usd: dollars(micros),
        budget_reached: passesBudget({
          budgetUsd: entry.budget_usd,
          spentMicros: micros,
          nextCallUsd: prices['x.post'],
        }),
      })),
  };
};
