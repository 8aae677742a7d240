import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Agent } from '@agentcast/contracts/agents';
import type { AgentSchedule, PostingDay } from '@agentcast/contracts/schedules';
import { signUpVerifiedUser } from '../testing/accounts.ts';
import { validAgent } from '../testing/fixtures.ts';
import { createHttpClient, readJson, type HttpClient } from '../testing/http-client.ts';
import { startTestServer, type TestServer } from '../testing/start-test-server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const MINUTE = 60_000;
const schedulesOf = async (browser: HttpClient) =>
  ((await readJson(await browser.get('/api/schedules'))) as { schedules: AgentSchedule[] }).schedules;

describe('GET /api/schedules', () => {
  it('tells when each agent next posts and looks for replies, follows its edits, and shows nobody else’s', async () => {
    const { browser: owner } = await signUpVerifiedUser(server);
    const { browser: stranger } = await signUpVerifiedUser(server);
    const before = Date.now();
    const agent = (await readJson(
      await owner.post(
        '/api/agents',
        // Replies are read from X: named, since this server has no X app and omitted clients would leave it out.
        // Twice a day: Starter's 2 posts, so the interval is kept (a shorter one would be spread, below).
        validAgent({
          activities: ['post', 'chat'],
          post_configuration: { interval: 720, topics: ['AI'] },
          chat_configuration: { clients: ['terminal', 'x'] },
        }),
      ),
    )) as Agent;
    const after = Date.now();

    const schedules = await schedulesOf(owner);
    const post = schedules.find((entry) => entry.agent_id === agent.id && entry.kind === 'post');
    const chat = schedules.find((entry) => entry.agent_id === agent.id && entry.kind === 'chat');
    // The first slot is one interval away, plus this agent's jitter (a tenth of the interval, at most a minute).
    expect(Date.parse(post!.next_run_at)).toBeGreaterThanOrEqual(before + 720 * MINUTE);
    expect(Date.parse(post!.next_run_at)).toBeLessThanOrEqual(after + 721 * MINUTE);
    expect(Date.parse(chat!.next_run_at)).toBeLessThanOrEqual(after + 3 * MINUTE);
    expect(schedules.map((entry) => entry.kind)).toEqual(['chat', 'post']);
    expect(await schedulesOf(stranger)).toEqual([]);

    await owner.patch(`/api/agents/${agent.id}`, {
      post_configuration: { ...agent.post_configuration, enabled: false },
    });
    expect((await schedulesOf(owner)).map((entry) => entry.kind)).toEqual(['chat']);
  });

  it('spreads the plan’s posts over the posting hours of the account’s time zone, shared by its agents', async () => {
    const { browser } = await signUpVerifiedUser(server);
    expect((await browser.patch('/api/account/settings', { time_zone: 'Mars/Olympus' })).status).toBe(400);
    expect((await browser.patch('/api/account/settings', { time_zone: 'Asia/Kolkata' })).status).toBe(200);
    const postingDay = async (query: string) =>
      (await readJson(await browser.get(`/api/schedules/posting-day?${query}`))) as PostingDay;
    const create = async () =>
      (await readJson(
        await browser.post(
          '/api/agents',
          validAgent({ activities: ['post'], post_configuration: { interval: 60, topics: ['AI'] } }),
        ),
      )) as Agent;
    // In Kolkata (UTC+5:30), 09:00 and 15:00 are 03:30 and 09:30 UTC.
    const clock = (iso: string) => iso.slice(11, 16);
    const alone = await postingDay('interval=60');
    expect(alone).toMatchObject({ plan: { id: 'starter', name: 'Starter' }, posts_per_day: 2, shared_by: 1 });
    expect(alone.times!.map(clock).sort()).toEqual(['03:30', '09:30']);
    // Twice a day fits the plan: no spreading, no note.
    expect((await postingDay('interval=720')).times).toBeNull();

    const first = await create();
    const nextSlot = async (agentId: string) => {
      const schedule = (await schedulesOf(browser)).find((entry) => entry.agent_id === agentId);
      return clock(schedule!.next_run_at);
    };
    expect(['03:30', '09:30']).toContain(await nextSlot(first.id));
    // A second agent: Starter's 2 posts are shared, one each, the first in the morning and the second after.
    const shared = await postingDay('interval=60');
    expect(shared).toMatchObject({ shared_by: 2, times: [expect.any(String)] });
    expect(clock(shared.times![0]!)).toBe('09:30');
    const second = await create();
    expect(await nextSlot(first.id)).toBe('03:30');
    expect(await nextSlot(second.id)).toBe('09:30');
    // Deleting one gives the other both again.
    expect((await browser.delete(`/api/agents/${second.id}`)).status).toBe(200);
    expect((await postingDay(`interval=60&agent_id=${first.id}`)).times!.map(clock).sort()).toEqual(['03:30', '09:30']);
  });

  it('answers only a signed-in user', async () => {
    const response = await createHttpClient(server.url).get('/api/schedules');
    expect(response.status).toBe(401);
  });
});
