import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Agent } from '@agentcast/contracts/agents';
import type { TerminalPage } from '@agentcast/contracts/terminal';
import { startBlueskyApiFake, type BlueskyApiFake } from '@agentcast/test-fakes/bluesky-api-fake';
import { startOpenAiFake, type OpenAiFake } from '@agentcast/test-fakes/openai-server';
import { signUpVerifiedUser } from './testing/accounts.ts';
import { validAgent } from './testing/fixtures.ts';
import { readJson } from './testing/http-client.ts';
import { startTestServer, type TestServer } from './testing/start-test-server.ts';

let llm: OpenAiFake;
let bluesky: BlueskyApiFake;
let server: TestServer;

beforeAll(async () => {
  llm = await startOpenAiFake();
  llm.defaultReply = { content: 'Start with a small open model, then measure. {varied}' };
  bluesky = await startBlueskyApiFake();
  server = await startTestServer({
    llm: { apiKey: 'sk-test', baseURL: llm.baseURL, timeoutMs: 5000, maxRetries: 0 },
    platformApis: { blueskyBaseUrl: bluesky.baseUrl, timeoutMs: 5000 },
    // Chat polls every 2 s.
    timeScale: 60,
    chatPollMs: 120_000,
  });
});
afterAll(async () => {
  await server.close();
  await llm.close();
  await bluesky.close();
});

describe('answering people on Bluesky', () => {
  it('answers a mention and a reply to its post in their threads, each once, shown in the terminal', async () => {
    const { browser } = await signUpVerifiedUser(server);
    const account = bluesky.addAccount();
    const connected = await browser.post('/api/connections/credentials', {
      platform: 'bluesky',
      handle: account.handle,
      app_password: account.appPassword,
    });
    expect(connected.status).toBe(200);
    const agent = (await readJson(
      await browser.post(
        '/api/agents',
        validAgent({
          activities: ['chat'],
          chat_configuration: { clients: ['bluesky'], enabled: true, reply_to_replies: true, reply_to_usernames: [] },
        }),
      ),
    )) as Agent;
    const fan = bluesky.addAccount({ handle: 'curious.bsky.social' });
    const mention = bluesky.seedPost(fan, {
      text: `@${account.handle} which model should I start with?`,
      mentions: [account],
    });

    const replyTo = (uri: string) =>
      bluesky.posts.filter(
        (post) => (post.value.reply as { parent?: { uri?: string } } | undefined)?.parent?.uri === uri,
      );
    await expect.poll(() => replyTo(mention.uri).length, { timeout: 20_000 }).toBe(1);
    const [answer] = replyTo(mention.uri);
    expect(answer?.repo).toBe(account.did);
    expect(answer?.value.reply).toEqual({
      root: { uri: mention.uri, cid: mention.cid },
      parent: { uri: mention.uri, cid: mention.cid },
    });
    const entries = async () =>
      ((await readJson(await browser.get(`/api/terminal?agent_id=${agent.id}`))) as TerminalPage).messages;
    await expect
      .poll(async () => (await entries())[0]?.deliveries.find((d) => d.platform === 'bluesky')?.status)
      .toBe('posted');
    expect((await entries())[0]).toMatchObject({
      trigger: 'reply',
      reply_to: { platform: 'bluesky', postId: mention.uri, authorUsername: fan.handle, text: mention.value.text },
      tweet_content: answer?.value.text,
    });
    expect(llm.requests.some((request) => JSON.stringify(request.body).includes('which model should I start'))).toBe(
      true,
    );

    // The fan answers the agent's reply: a reply to its post, answered in the same thread.
    const followUp = bluesky.seedPost(fan, { text: 'And after that?', replyTo: answer!.uri });
    await expect.poll(() => replyTo(followUp.uri).length, { timeout: 20_000 }).toBe(1);
    expect(replyTo(followUp.uri)[0]?.value.reply).toMatchObject({ root: { uri: mention.uri } });
    // The follow-up was answered knowing the conversation: the question, then the agent's own answer.
    const prompt = llm.requests
      .map((request) => JSON.stringify(request.body))
      .find((body) => body.includes('And after that?'));
    expect(prompt).toContain('The conversation so far:');
    expect(prompt).toContain(`@${fan.handle}: @${account.handle} which model should I start with?`);
    expect(prompt).toContain(`@${account.handle}: ${String(answer?.value.text)}`);
    // Later looks find nothing new: nothing is answered twice.
    const looks = bluesky.requestsTo('GET /xrpc/app.bsky.notification.listNotifications').length;
    await expect
      .poll(() => bluesky.requestsTo('GET /xrpc/app.bsky.notification.listNotifications').length, { timeout: 20_000 })
      .toBeGreaterThan(looks + 1);
    expect(replyTo(mention.uri)).toHaveLength(1);
    expect(replyTo(followUp.uri)).toHaveLength(1);
  });
});
