import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseConnection } from '@agentcast/db/client';
import { createTestDatabase } from '@agentcast/db/testing/create-test-database';
import { insertTestAgent } from '@agentcast/db/testing/insert-test-agent';
import { getPlatformCosts, monthOf } from './get-platform-costs.ts';
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
    const reader = await insertTestAgent(database.db, { name: 'Reader', userId: writer.userId });
    const record = (
      agentId: string,
      call: Parameters<typeof recordPlatformCalls>[1]['call'],
      ids: string[],
      iso: string,
    ) => recordPlatformCalls(database.db, { userId: writer.userId, agentId, call, resourceIds: ids, now: at(iso) });

    await record(writer.id, 'x.post', ['p1', 'p2'], '2026-11-03T10:00:00Z');
    await record(writer.id, 'x.post_with_url', ['p3'], '2026-11-04T10:00:00Z');
    await record(reader.id, 'x.read', ['m1', 'm2', 'm3'], '2026-11-05T10:00:00Z');
    // Last month's calls are last month's.
    await record(writer.id, 'x.post', ['old'], '2026-10-31T23:59:59Z');

    expect(await getPlatformCosts(database.db, { userId: writer.userId, now: at('2026-11-24T12:00:00Z') })).toEqual({
      month: '2026-11',
      total: { usd: 0.245, calls: { 'x.post': 2, 'x.post_with_url': 1, 'x.read': 3 } },
      agents: [
        { agent_id: writer.id, name: 'Writer', usd: 0.23, calls: { 'x.post': 2, 'x.post_with_url': 1 } },
        { agent_id: reader.id, name: 'Reader', usd: 0.015, calls: { 'x.read': 3 } },
      ],
    });
  });

  it('counts a post read again the same UTC day once, and again the next day, as X bills', async () => {
    const agent = await insertTestAgent(database.db);
    const read = (iso: string) =>
      recordPlatformCalls(database.db, {
        userId: agent.userId,
        agentId: agent.id,
        call: 'x.read',
        resourceIds: ['mention-1'],
        now: at(iso),
      });
    await read('2026-11-10T08:00:00Z');
    await read('2026-11-10T20:00:00Z');
    await read('2026-11-11T08:00:00Z');
    const costs = await getPlatformCosts(database.db, { userId: agent.userId, now: at('2026-11-12T00:00:00Z') });
    expect(costs.total).toEqual({ usd: 0.01, calls: { 'x.read': 2 } });
  });

  it('keeps the price in force when a call was made: a later change does not rewrite the month', async () => {
    const agent = await insertTestAgent(database.db);
    const post = (id: string, price: number) =>
      recordPlatformCalls(database.db, {
        userId: agent.userId,
        agentId: agent.id,
        call: 'x.post',
        resourceIds: [id],
        prices: { 'x.post': price, 'x.post_with_url': 0.2, 'x.read': 0.005, 'x.own_read': 0.001 },
        now: at('2026-11-02T09:00:00Z'),
      });
    await post('a', 0.015);
    await post('b', 0.02);
    const costs = await getPlatformCosts(database.db, { userId: agent.userId, now: at('2026-11-30T23:00:00Z') });
    expect(costs.total.usd).toBe(0.035);
  });

  it('knows a post with a link from one without, and a month from its neighbours', () => {
    expect(xPostCall('Shipped dark mode today. #release')).toBe('x.post');
    expect(xPostCall('Read the notes: https://example.com/notes')).toBe('x.post_with_url');
    expect(xPostCall('Try it at agentcast.app')).toBe('x.post_with_url');
    expect(monthOf(at('2026-12-31T23:59:59Z'))).toEqual({ start: '2026-12-01', end: '2027-01-01', name: '2026-12' });
  });
});
