import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Agent } from '@agentcast/contracts/agents';
import type { AgentSchedule } from '@agentcast/contracts/schedules';
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
        validAgent({
          activities: ['post', 'chat'],
          post_configuration: { interval: 30, topics: ['AI'] },
          chat_configuration: { clients: ['terminal', 'x'] },
        }),
      ),
    )) as Agent;
    const after = Date.now();

    const schedules = await schedulesOf(owner);
    const post = schedules.find((entry) => entry.agent_id === agent.id && entry.kind === 'post');
    const chat = schedules.find((entry) => entry.agent_id === agent.id && entry.kind === 'chat');
    // The first slot is one interval away, plus this agent's jitter (at most a tenth of the interval).
    expect(Date.parse(post!.next_run_at)).toBeGreaterThanOrEqual(before + 30 * MINUTE);
    expect(Date.parse(post!.next_run_at)).toBeLessThanOrEqual(after + 33 * MINUTE);
    expect(Date.parse(chat!.next_run_at)).toBeLessThanOrEqual(after + 3 * MINUTE);
    expect(schedules.map((entry) => entry.kind)).toEqual(['chat', 'post']);
    expect(await schedulesOf(stranger)).toEqual([]);

    await owner.patch(`/api/agents/${agent.id}`, {
      post_configuration: { ...agent.post_configuration, enabled: false },
    });
    expect((await schedulesOf(owner)).map((entry) => entry.kind)).toEqual(['chat']);
  });

  it('answers only a signed-in user', async () => {
    const response = await createHttpClient(server.url).get('/api/schedules');
    expect(response.status).toBe(401);
  });
});
