import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseConnection } from '@agentcast/db/client';
import { createTestDatabase } from '@agentcast/db/testing/create-test-database';
import { insertTestAgent } from '@agentcast/db/testing/insert-test-agent';
import { eq } from 'drizzle-orm';
import { agent as agentTable } from '@agentcast/db/schema/agents';
import { budgetRefusalForPost, checkBudget } from './agent-budget.ts';
import { getPlatformCosts } from './get-platform-costs.ts';
import { monthOf } from './month-of.ts';
import { recordPlatformCalls, xPostCall } from './record-platform-calls.ts';

let database: DatabaseConnection;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

const at = (iso: string) => new Date(iso);

describe('the cost meter', () => {
  it('sums each agent’s billable calls of the month at X’s prices, most expensive agent first', async () => {
    const writer = await insertTestAgent(database.db, { name: 'Writer' });
    const reader = await insertTestAgent(database.db, { name: 'Reader', workspaceId: writer.workspaceId });
    const record = (
      agentId: string,
      call: Parameters<typeof recordPlatformCalls>[1]['call'],
      ids: string[],
      iso: string,
    ) =>
      recordPlatformCalls(database.db, {
        workspaceId: writer.workspaceId,
        agentId,
        call,
        resourceIds: ids,
        now: at(iso),
      });

    await record(writer.id, 'x.post', ['p1', 'p2'], '2026-11-03T10:00:00Z');
    await record(writer.id, 'x.post_with_url', ['p3'], '2026-11-04T10:00:00Z');
    await record(reader.id, 'x.read', ['m1', 'm2', 'm3'], '2026-11-05T10:00:00Z');
    // Last month's calls are last month's.
    await record(writer.id, 'x.post', ['old'], '2026-10-31T23:59:59Z');

    expect(
      await getPlatformCosts(database.db, { workspaceId: writer.workspaceId, now: at('2026-11-24T12:00:00Z') }),
    ).toEqual({
      month: '2026-11',
      total: { usd: 0.245, calls: { 'x.post': 2, 'x.post_with_url': 1, 'x.read': 3 } },
      agents: [
        {
          agent_id: writer.id,
          name: 'Writer',
          usd: 0.23,
          calls: { 'x.post': 2, 'x.post_with_url': 1 },
          budget_usd: null,
          budget_reached: false,
        },
        {
          agent_id: reader.id,
          name: 'Reader',
          usd: 0.015,
          calls: { 'x.read': 3 },
          budget_usd: null,
          budget_reached: false,
        },
      ],
    });
  });

  it('counts a post read again the same UTC day once, and again the next day, as X bills', async () => {
    const agent = await insertTestAgent(database.db);
    const read = (iso: string) =>
      recordPlatformCalls(database.db, {
        workspaceId: agent.workspaceId,
        agentId: agent.id,
        call: 'x.read',
        resourceIds: ['mention-1'],
        now: at(iso),
      });
    await read('2026-11-10T08:00:00Z');
    await read('2026-11-10T20:00:00Z');
    await read('2026-11-11T08:00:00Z');
    const costs = await getPlatformCosts(database.db, {
      workspaceId: agent.workspaceId,
      now: at('2026-11-12T00:00:00Z'),
    });
    expect(costs.total).toEqual({ usd: 0.01, calls: { 'x.read': 2 } });
  });

  it('keeps the price in force when a call was made: a later change does not rewrite the month', async () => {
    const agent = await insertTestAgent(database.db);
    const post = (id: string, price: number) =>
      recordPlatformCalls(database.db, {
        workspaceId: agent.workspaceId,
        agentId: agent.id,
        call: 'x.post',
        resourceIds: [id],
        prices: { 'x.post': price, 'x.post_with_url': 0.2, 'x.read': 0.005 },
        now: at('2026-11-02T09:00:00Z'),
      });
    await post('a', 0.015);
    await post('b', 0.02);
    const costs = await getPlatformCosts(database.db, {
      workspaceId: agent.workspaceId,
      now: at('2026-11-30T23:00:00Z'),
    });
    expect(costs.total.usd).toBe(0.035);
  });

  it('knows a post with a link from one without, and a month from its neighbours', () => {
    expect(xPostCall('Shipped dark mode today. #release')).toBe('x.post');
    expect(xPostCall('Read the notes: https://example.com/notes')).toBe('x.post_with_url');
    expect(xPostCall('Try it at agentcast.app')).toBe('x.post_with_url');
    expect(monthOf(at('2026-12-31T23:59:59Z'))).toEqual({ start: '2026-12-01', end: '2027-01-01', name: '2026-12' });
  });

  it('refuses the post to X that would pass the agent’s monthly budget, saying why, and lets it go once raised', async () => {
    const agent = await insertTestAgent(database.db, { name: 'Budgeted', monthlyBudgetUsd: 0.04 });
    const now = at('2026-11-20T10:00:00Z');
    await recordPlatformCalls(database.db, {
      workspaceId: agent.workspaceId,
      agentId: agent.id,
      call: 'x.post',
      resourceIds: ['one', 'two'],
      now,
    });
    const refusal = (platform: string) =>
      budgetRefusalForPost(database.db, { platform, agentId: agent.id, texts: ['A third post'], now });

    // $0.03 spent; one more post ($0.015) would make $0.045.
    expect(await refusal('x')).toBe(
      "Not posted to X: this agent's monthly budget of $0.04 is reached ($0.03 spent this month; a post costs $0.015). Raise the budget to resume.",
    );
    expect(await refusal('linkedin')).toBeNull();
    // A read ($0.005) still fits: reading stops only when a read would pass the budget.
    expect(await checkBudget(database.db, { agentId: agent.id, budgetUsd: 0.04, nextCallUsd: 0.005, now })).toEqual({
      blocked: false,
      spentUsd: 0.03,
    });
    const costs = await getPlatformCosts(database.db, { workspaceId: agent.workspaceId, now });
    expect(costs.agents).toEqual([
      expect.objectContaining({ agent_id: agent.id, usd: 0.03, budget_usd: 0.04, budget_reached: true }),
    ]);

    await database.db.update(agentTable).set({ monthlyBudgetUsd: 0.05 }).where(eq(agentTable.id, agent.id));
    expect(await refusal('x')).toBeNull();
    // Next month starts from nothing.
    expect(
      await checkBudget(database.db, {
        agentId: agent.id,
        budgetUsd: 0.04,
        nextCallUsd: 0.015,
        now: at('2026-12-01T00:00:00Z'),
      }),
    ).toEqual({ blocked: false, spentUsd: 0 });
  });

  it('lists an agent with a budget below one post as stopped even before any call', async () => {
    const agent = await insertTestAgent(database.db, { name: 'Tiny budget', monthlyBudgetUsd: 0.01 });
    const costs = await getPlatformCosts(database.db, {
      workspaceId: agent.workspaceId,
      now: at('2026-11-20T10:00:00Z'),
    });
    expect(costs.agents).toEqual([
      { agent_id: agent.id, name: 'Tiny budget', usd: 0, calls: {}, budget_usd: 0.01, budget_reached: true },
    ]);
  });
});
