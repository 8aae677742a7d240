import { and, eq, gte, lt, sql } from 'drizzle-orm';
import type { BillableCall, PlatformCosts } from '@agentcast/contracts/costs';
import type { Database } from '@agentcast/db/client';
import { agent } from '@agentcast/db/schema/agents';
import { platformCall } from '@agentcast/db/schema/costs';

/** The UTC calendar month `at` falls in: its first day, the next month's first day, and its YYYY-MM name. */
export const monthOf = (at: Date) => {
  const start = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 1));
  const end = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + 1, 1));
  return {
    start: start.toISOString().slice(0, 10),
    end: end.toISOString().slice(0, 10),
    name: start.toISOString().slice(0, 7),
  };
};

const dollars = (micros: number) => Math.round(micros) / 1_000_000;

/**
 * This month's estimated platform cost of each of the account's agents that made billable calls, and in all: the
 * dashboard's cost meter.
 */
export const getPlatformCosts = async (
  db: Database,
  { userId, now = new Date() }: { userId: string; now?: Date },
): Promise<PlatformCosts> => {
  const month = monthOf(now);
  const rows = await db
    .select({
      agentId: platformCall.agentId,
      name: agent.name,
      call: platformCall.call,
      units: sql<number>`count(*)::int`,
      micros: sql<number>`sum(${platformCall.priceMicros})::bigint`,
    })
    .from(platformCall)
    .innerJoin(agent, eq(agent.id, platformCall.agentId))
    .where(and(eq(platformCall.userId, userId), gte(platformCall.day, month.start), lt(platformCall.day, month.end)))
    .groupBy(platformCall.agentId, agent.name, platformCall.call);

  const agents = new Map<
    string,
    { agent_id: string; name: string; micros: number; calls: Partial<Record<BillableCall, number>> }
  >();
  const total = { micros: 0, calls: {} as Partial<Record<BillableCall, number>> };
  for (const row of rows) {
    const entry = agents.get(row.agentId) ?? { agent_id: row.agentId, name: row.name, micros: 0, calls: {} };
    const micros = Number(row.micros);
    entry.micros += micros;
    entry.calls[row.call] = row.units;
    agents.set(row.agentId, entry);
    total.micros += micros;
    total.calls[row.call] = (total.calls[row.call] ?? 0) + row.units;
  }
  return {
    month: month.name,
    total: { usd: dollars(total.micros), calls: total.calls },
    agents: [...agents.values()]
      .sort((a, b) => b.micros - a.micros || a.name.localeCompare(b.name))
      .map(({ micros, ...entry }) => ({ ...entry, usd: dollars(micros) })),
  };
};
