import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Agent } from '@agentcast/contracts/agents';
import type { PlatformCosts } from '@agentcast/contracts/costs';
import { PUBLISHING_MESSAGES } from '@agentcast/contracts/publishing';
import type { TerminalMessage, TerminalPage } from '@agentcast/contracts/terminal';
import { NOTIFY_PUBLISH_FAILED_JOB } from '@agentcast/core/domains/notifications/notify-publish-failed-job';
import { LINKEDIN_API_VERSION } from '@agentcast/core/integrations/platforms/linkedin/linkedin-api-version';
import type { LinkedInApiFake } from '@agentcast/test-fakes/linkedin-api-fake';
import { startOpenAiFake, type OpenAiFake } from '@agentcast/test-fakes/openai-server';
import {
  startLinkedInWithOAuth,
  startXWithOAuth,
  type PlatformWithOAuth,
} from '@agentcast/test-fakes/platforms-with-oauth';
import type { XApiFake } from '@agentcast/test-fakes/x-api-fake';
import { putOnPlan, signUpVerifiedUser } from './testing/accounts.ts';
import { connectPlatform } from './testing/connect-platform.ts';
import { agentJobsFinished, jobsOfAgent } from './testing/jobs.ts';
import { validAgent } from './testing/fixtures.ts';
import { readJson, type HttpClient } from './testing/http-client.ts';
import { startTestServer, type TestServer } from './testing/start-test-server.ts';

let llm: OpenAiFake;
let x: PlatformWithOAuth<XApiFake>;
let linkedin: PlatformWithOAuth<LinkedInApiFake>;
let server: TestServer;
let owner: HttpClient;
let ownerEmail: string;

beforeAll(async () => {
  llm = await startOpenAiFake();
  llm.defaultReply = { content: 'Reply or post number {n}: small models, {varied}. #AI' };
  x = await startXWithOAuth();
  linkedin = await startLinkedInWithOAuth();
  const client = (fake: PlatformWithOAuth<unknown>) => ({
    clientId: fake.oauth.clientId,
    clientSecret: fake.oauth.clientSecret,
  });
  server = await startTestServer({
    llm: { apiKey: 'sk-test', baseURL: llm.baseURL, timeoutMs: 5000, maxRetries: 0 },
    oauth: {
      timeoutMs: 5000,
      x: { ...client(x), oauthBaseUrl: x.baseUrl, apiBaseUrl: x.baseUrl },
      linkedin: { ...client(linkedin), oauthBaseUrl: linkedin.oauth.baseUrl, apiBaseUrl: linkedin.baseUrl },
    },
    platformApis: { xBaseUrl: x.baseUrl, linkedinBaseUrl: linkedin.baseUrl, timeoutMs: 5000 },
    // Replies: an interval minute lasts a second, and the chat poll runs every two.
    timeScale: 60,
    chatPollMs: 120_000,
  });
  const account = await signUpVerifiedUser(server);
  owner = account.browser;
  ownerEmail = account.email;
  await putOnPlan(server, account.email, 'enterprise');
});
afterAll(async () => {
  await server.close();
  await llm.close();
  await x.close();
  await linkedin.close();
});

const agentCosts = async (agentId: string) =>
  ((await readJson(await owner.get('/api/usage/costs'))) as PlatformCosts).agents.find(
    (entry) => entry.agent_id === agentId,
  );

const newestEntry = async (agentId: string) =>
  ((await readJson(await owner.get(`/api/terminal?agent_id=${agentId}`))) as TerminalPage).messages[0];

describe('publishing with connected accounts', () => {
  it('posts the run to X and LinkedIn as the accounts connected to the agent, image included, and links them in the terminal', async () => {
    const agent = (await readJson(
      await owner.post(
        '/api/agents',
        validAgent({
          activities: ['post'],
          graphic: true,
          post_configuration: { topics: ['AI'], clients: ['terminal', 'x', 'linkedin'] },
        }),
      ),
    )) as Agent;
    await connectPlatform(server, owner, 'x', { agentId: agent.id });
    await connectPlatform(server, owner, 'linkedin', { agentId: agent.id });

    const { data } = (await readJson(await owner.post(`/api/agents/${agent.id}/trigger`, {}))) as {
      data: TerminalMessage;
    };
    await expect
      .poll(async () => (await newestEntry(agent.id))?.deliveries.map((item) => item.error ?? item.status), {
        timeout: 15_000,
      })
      .toEqual(['posted', 'posted', 'posted']);

    const text = data.tweet_content.split('\n\n')[0]!;
    const tweet = x.api.posts.find((post) => post.text === text);
    expect(tweet?.authorId).toBe(x.oauth.account.id);
    expect(tweet?.mediaIds).toHaveLength(1);
    const card = await fetch(data.tweet_content.split('\n\n')[1]!);
    expect(x.api.mediaBytes(tweet!.mediaIds[0]!).equals(Buffer.from(await card.arrayBuffer()))).toBe(true);
    const create = x.api.requestsTo('POST /2/tweets').at(-1);
    expect(x.oauth.issuedTokens()).toContain(String(create?.headers.authorization).replace('Bearer ', ''));

    const share = linkedin.api.posts.find((post) => post.author === `urn:li:person:${linkedin.oauth.account.id}`);
    expect(share?.content?.media?.id).toMatch(/^urn:li:image:/);
    const deliveries = (await newestEntry(agent.id))!.deliveries;
    expect(deliveries).toEqual([
      { platform: 'terminal', status: 'posted', attempts: 0 },
      { platform: 'linkedin', status: 'posted', attempts: 1, url: `https://www.linkedin.com/feed/update/${share?.id}` },
      { platform: 'x', status: 'posted', attempts: 1, url: expect.stringMatching(new RegExp(`/status/${tweet?.id}$`)) },
    ]);
    // The cost meter: X bills the post; LinkedIn is free.
    expect(await agentCosts(agent.id)).toEqual({
      agent_id: agent.id,
      name: agent.name,
      usd: 0.015,
      calls: { 'x.post': 1 },
      budget_usd: null,
      budget_reached: false,
    });
  });

  it('fails the LinkedIn delivery for good when LinkedIn has sunset the version, naming the setting to change', async () => {
    const agent = (await readJson(
      await owner.post(
        '/api/agents',
        validAgent({ activities: ['post'], post_configuration: { topics: ['AI'], clients: ['terminal', 'linkedin'] } }),
      ),
    )) as Agent;
    await connectPlatform(server, owner, 'linkedin', { agentId: agent.id });
    linkedin.api.settings.sunsetVersions = [LINKEDIN_API_VERSION];
    try {
      await owner.post(`/api/agents/${agent.id}/trigger`, {});
      await expect
        .poll(async () => (await newestEntry(agent.id))?.deliveries.find((item) => item.platform === 'linkedin'), {
          timeout: 15_000,
        })
        .toMatchObject({
          status: 'failed',
          attempts: 1,
          error: expect.stringMatching(
            new RegExp(`^LinkedIn no longer serves API version ${LINKEDIN_API_VERSION} .*set LINKEDIN_API_VERSION`),
          ),
        });
    } finally {
      linkedin.api.settings.sunsetVersions = [];
    }
  });

  it('stops posting to X once the monthly budget would be passed, saying why, and posts again when it is raised', async () => {
    const fields = validAgent({
      activities: ['post'],
      post_configuration: { topics: ['AI'], clients: ['terminal', 'x'] },
      monthly_budget_usd: 0.01,
    });
    const agent = (await readJson(await owner.post('/api/agents', fields))) as Agent;
    expect(agent.monthly_budget_usd).toBe(0.01);
    await connectPlatform(server, owner, 'x', { agentId: agent.id });
    const postsBefore = x.api.posts.length;

    await owner.post(`/api/agents/${agent.id}/trigger`, {});
    await expect
      .poll(async () => (await newestEntry(agent.id))?.deliveries.find((item) => item.platform === 'x'), {
        timeout: 15_000,
      })
      .toMatchObject({
        status: 'failed',
        error:
          "Not posted to X: this agent's monthly budget of $0.01 is reached ($0.00 spent this month; a post costs $0.015). Raise the budget to resume.",
      });
    expect(x.api.posts).toHaveLength(postsBefore);
    expect(await agentCosts(agent.id)).toMatchObject({ usd: 0, budget_usd: 0.01, budget_reached: true });
    // The dashboard's banner says it; no "post failed" e-mail for each refused post: once the run's jobs are done,
    // none was queued (an e-mail would have been: failDelivery queues it before the run's job ends).
    await expect.poll(() => agentJobsFinished(server, agent.id), { timeout: 15_000 }).toBe(true);
    expect((await jobsOfAgent(server, agent.id)).map((job) => job.name)).not.toContain(NOTIFY_PUBLISH_FAILED_JOB.name);
    expect(
      server.mail.messages.filter(
        (mail) => mail.to.includes(ownerEmail.toLowerCase()) && /was not published to X/.test(mail.subject),
      ),
    ).toEqual([]);

    const raised = await owner.patch(`/api/agents/${agent.id}`, { ...fields, monthly_budget_usd: 1 });
    expect(raised.status).toBe(200);
    await owner.post(`/api/agents/${agent.id}/trigger`, {});
    await expect
      .poll(async () => (await newestEntry(agent.id))?.deliveries.find((item) => item.platform === 'x')?.status, {
        timeout: 15_000,
      })
      .toBe('posted');
    expect(await agentCosts(agent.id)).toMatchObject({ usd: 0.015, budget_usd: 1, budget_reached: false });
  });

  it('refuses a budget that is not an amount above zero, with the reason', async () => {
    for (const budget of [0, -5, 'ten']) {
      const response = await owner.post('/api/agents', { ...validAgent(), monthly_budget_usd: budget });
      expect(response.status).toBe(400);
      expect(JSON.stringify(await readJson(response))).toContain(
        'Monthly budget must be an amount in US dollars above 0',
      );
    }
  });

  it('answers a mention of the agent’s X account with a reply in the thread, shown in the terminal', async () => {
    const agent = (await readJson(
      await owner.post(
        '/api/agents',
        validAgent({
          activities: ['chat'],
          chat_configuration: { clients: ['x'], enabled: true, reply_to_replies: true, reply_to_usernames: [] },
        }),
      ),
    )) as Agent;
    await connectPlatform(server, owner, 'x', { agentId: agent.id });
    const fan = x.api.addUser({ username: 'curious_fan' });
    const mention = x.api.seedPost({
      authorId: fan.id,
      text: `@${x.oauth.account.handle} which model should I start with?`,
    });

    await expect
      .poll(async () => (await newestEntry(agent.id))?.deliveries.find((item) => item.platform === 'x')?.status, {
        timeout: 15_000,
      })
      .toBe('posted');

    const entry = (await newestEntry(agent.id))!;
    expect(entry).toMatchObject({
      trigger: 'reply',
      reply_to: { platform: 'x', postId: mention.id, authorUsername: 'curious_fan', text: mention.text },
    });
    const reply = x.api.posts.find((post) => post.inReplyToPostId === mention.id);
    expect(reply?.text).toBe(entry.tweet_content);
    // The model was asked to answer the mention.
    expect(llm.requests.at(-1)?.body.messages[1]?.content).toContain(mention.text);
    // Reading the mention and posting the reply are both billed by X.
    expect(await agentCosts(agent.id)).toMatchObject({ usd: 0.02, calls: { 'x.read': 1, 'x.post': 1 } });
  });
});

describe('deleting a published post from the platform', () => {
  it('deletes it from X and LinkedIn with the accounts that posted it, keeps the entry marked removed, and says what cannot be deleted', async () => {
    const agent = (await readJson(
      await owner.post(
        '/api/agents',
        validAgent({
          activities: ['post'],
          post_configuration: { topics: ['AI'], clients: ['terminal', 'x', 'linkedin'] },
        }),
      ),
    )) as Agent;
    await connectPlatform(server, owner, 'x', { agentId: agent.id });
    await connectPlatform(server, owner, 'linkedin', { agentId: agent.id });
    const { data } = (await readJson(await owner.post(`/api/agents/${agent.id}/trigger`, {}))) as {
      data: TerminalMessage;
    };
    await expect
      .poll(async () => (await newestEntry(agent.id))?.deliveries.map((item) => item.status), { timeout: 15_000 })
      .toEqual(['posted', 'posted', 'posted']);
    const text = data.tweet_content.split('\n\n')[0]!;
    const tweet = x.api.posts.find((post) => post.text === text)!;
    const share = linkedin.api.posts.find((post) => post.commentary === text)!;
    const remove = (platform: string) => owner.delete(`/api/terminal/${data.message_id}/posts/${platform}`);

    const removedFromX = await remove('x');
    expect(removedFromX.status).toBe(200);
    expect(x.api.posts.some((post) => post.id === tweet.id)).toBe(false);
    expect(x.api.requestsTo('DELETE /2/tweets/:id').at(-1)?.headers.authorization).toBe(
      x.api
        .requestsTo('POST /2/tweets')
        .find((request) => (request.json as { text?: string } | undefined)?.text === text)?.headers.authorization,
    );
    expect(
      ((await readJson(removedFromX)) as TerminalMessage).deliveries.find((item) => item.platform === 'x'),
    ).toMatchObject({
      status: 'removed',
      removed_at: expect.any(String),
    });
    // Again: nothing left to delete, and nothing asked of X.
    const deletes = x.api.requestsTo('DELETE /2/tweets/:id').length;
    expect((await remove('x')).status).toBe(200);
    expect(x.api.requestsTo('DELETE /2/tweets/:id')).toHaveLength(deletes);

    expect((await remove('linkedin')).status).toBe(200);
    expect(linkedin.api.posts.some((post) => post.id === share.id)).toBe(false);
    const entry = (await newestEntry(agent.id))!;
    expect(entry.tweet_content).toBe(data.tweet_content);
    expect(entry.deliveries.map((item) => item.status)).toEqual(['posted', 'removed', 'removed']);

    const terminalOnly = await remove('terminal');
    expect(terminalOnly.status).toBe(409);
    expect((await readJson(terminalOnly)).message).toBe(PUBLISHING_MESSAGES.notOnPlatform('terminal'));
    const { browser: stranger } = await signUpVerifiedUser(server);
    expect((await stranger.delete(`/api/terminal/${data.message_id}/posts/x`)).status).toBe(404);
    expect((await owner.delete(`/api/terminal/not-a-uuid/posts/x`)).status).toBe(404);
  });
});
