import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Agent } from '@agentcast/contracts/agents';
import type { TerminalPage } from '@agentcast/contracts/terminal';
import { startMastodonApiFake, type MastodonApiFake } from '@agentcast/test-fakes/mastodon-api-fake';
import { startOpenAiFake, type OpenAiFake } from '@agentcast/test-fakes/openai-server';
import { signUpVerifiedUser } from './testing/accounts.ts';
import { connectMastodon } from './testing/connect-mastodon.ts';
import { validAgent } from './testing/fixtures.ts';
import { readJson } from './testing/http-client.ts';
import { startTestServer, type TestServer } from './testing/start-test-server.ts';

let llm: OpenAiFake;
let mastodon: MastodonApiFake;
let server: TestServer;

beforeAll(async () => {
  llm = await startOpenAiFake();
  llm.defaultReply = { content: 'Start with a small open model, then measure. {varied}' };
  mastodon = await startMastodonApiFake();
  server = await startTestServer({
    llm: { apiKey: 'sk-test', baseURL: llm.baseURL, timeoutMs: 5000, maxRetries: 0 },
    // Chat polls every 2 s.
    timeScale: 60,
    chatPollMs: 120_000,
  });
});
afterAll(async () => {
  await server.close();
  await llm.close();
  await mastodon.close();
});

describe('answering people on Mastodon', () => {
  it('answers a mention in its thread, naming who it answers so they hear of it, once, shown in the terminal', async () => {
    const { browser } = await signUpVerifiedUser(server);
    const account = mastodon.addAccount({ username: 'helper' });
    await connectMastodon(server, browser, mastodon, account.id);
    const agent = (await readJson(
      await browser.post(
        '/api/agents',
        validAgent({
          activities: ['chat'],
          chat_configuration: { clients: ['mastodon'], enabled: true, reply_to_replies: true, reply_to_usernames: [] },
        }),
      ),
    )) as Agent;
    const fan = mastodon.addAccount({ username: 'curious' });
    const mention = mastodon.seedStatus(fan, { text: '@helper which model should I start with?' });

    const answers = () => mastodon.statuses.filter((status) => status.inReplyToId === mention.id);
    await expect.poll(() => answers().length, { timeout: 20_000 }).toBe(1);
    const [answer] = answers();
    expect(answer?.accountId).toBe(account.id);
    expect(answer?.text).toMatch(/^@curious Start with a small open model/);
    const entries = async () =>
      ((await readJson(await browser.get(`/api/terminal?agent_id=${agent.id}`))) as TerminalPage).messages;
    await expect
      .poll(async () => (await entries())[0]?.deliveries.find((item) => item.platform === 'mastodon')?.status)
      .toBe('posted');
    expect((await entries())[0]).toMatchObject({
      trigger: 'reply',
      reply_to: { platform: 'mastodon', postId: mention.id, authorUsername: 'curious', text: mention.text },
      tweet_content: answer?.text,
    });

    // Later looks find nothing new: nothing is answered twice.
    const looks = mastodon.requestsTo('GET /api/v1/notifications').length;
    await expect
      .poll(() => mastodon.requestsTo('GET /api/v1/notifications').length, { timeout: 20_000 })
      .toBeGreaterThan(looks + 1);
    expect(answers()).toHaveLength(1);
  });
});
