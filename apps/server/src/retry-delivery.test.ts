import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Agent } from '@agentcast/contracts/agents';
import { RETRY_MESSAGES } from '@agentcast/contracts/publishing';
import type { Delivery, TerminalMessage } from '@agentcast/contracts/terminal';
import { refreshDeliverySnapshot } from '@agentcast/core/domains/runs/publish/refresh-delivery-snapshot';
import { delivery } from '@agentcast/db/schema/runs';
import { terminalMessage } from '@agentcast/db/schema/terminal';
import { startOpenAiFake, type OpenAiFake } from '@agentcast/test-fakes/openai-server';
import { startXWithOAuth, type PlatformWithOAuth } from '@agentcast/test-fakes/platforms-with-oauth';
import type { XApiFake } from '@agentcast/test-fakes/x-api-fake';
import { putOnPlan, signUpVerifiedUser } from './testing/accounts.ts';
import { connectPlatform } from './testing/connect-platform.ts';
import { validAgent } from './testing/fixtures.ts';
import { readJson, type HttpClient } from './testing/http-client.ts';
import { startTestServer, type TestServer } from './testing/start-test-server.ts';

const CREATE_POST = 'POST /2/tweets';

let llm: OpenAiFake;
let x: PlatformWithOAuth<XApiFake>;
let server: TestServer;
let owner: HttpClient;
let stranger: HttpClient;

beforeAll(async () => {
  llm = await startOpenAiFake();
  llm.defaultReply = { content: 'Retry post {n}: small models, {varied}. #AI' };
  x = await startXWithOAuth();
  server = await startTestServer({
    llm: { apiKey: 'sk-test', baseURL: llm.baseURL, timeoutMs: 5000, maxRetries: 0 },
    oauth: {
      timeoutMs: 5000,
      x: {
        clientId: x.oauth.clientId,
        clientSecret: x.oauth.clientSecret,
        oauthBaseUrl: x.baseUrl,
        apiBaseUrl: x.baseUrl,
      },
    },
    platformApis: { xBaseUrl: x.baseUrl, timeoutMs: 5000 },
  });
  const account = await signUpVerifiedUser(server);
  owner = account.browser;
  await putOnPlan(server, account.email, 'enterprise');
  stranger = (await signUpVerifiedUser(server)).browser;
});
afterAll(async () => {
  await server.close();
  await llm.close();
  await x.close();
});

const newAgent = async () =>
  (await readJson(
    await owner.post(
      '/api/agents',
      validAgent({ activities: ['post'], post_configuration: { topics: ['AI'], clients: ['terminal', 'x'] } }),
    ),
  )) as Agent;

const trigger = async (agentId: string) =>
  ((await readJson(await owner.post(`/api/agents/${agentId}/trigger`, {}))) as { data: TerminalMessage }).data;

const xDelivery = async (messageId: string, agentId: string) => {
  const page = (await readJson(await owner.get(`/api/terminal?agent_id=${agentId}`))) as {
    messages: TerminalMessage[];
  };
  const message = page.messages.find((entry) => entry.message_id === messageId);
  return message?.deliveries.find((item) => item.platform === 'x');
};

const settled = (messageId: string, agentId: string, status: Delivery['status']) =>
  expect.poll(async () => (await xDelivery(messageId, agentId))?.status, { timeout: 15_000 }).toBe(status);

const retryPath = (messageId: string, platform = 'x') => `/api/terminal/${messageId}/posts/${platform}/retry`;

/** The posts on X with the text of the message (its media URLs taken off). */
const postsOnX = (message: TerminalMessage) =>
  x.api.posts.filter((post) => post.text === message.tweet_content.split('\n\n')[0]);

describe('retrying a failed delivery', () => {
  it('sends a post X refused again, once: it is posted, and a second retry is refused (409)', async () => {
    const agent = await newAgent();
    await connectPlatform(server, owner, 'x', { agentId: agent.id });
    x.api.failNext(CREATE_POST, { status: 403 });
    const message = await trigger(agent.id);
    await settled(message.message_id, agent.id, 'failed');
    expect((await xDelivery(message.message_id, agent.id))?.error).toMatch(/^X refused/);
    expect(postsOnX(message)).toHaveLength(0);

    const retried = await owner.post(retryPath(message.message_id), {});
    expect(retried.status).toBe(200);
    const answer = (await readJson(retried)) as TerminalMessage;
    // A post request went out before: the account's posts are read first, then it is posted.
    expect(answer.deliveries.find((item) => item.platform === 'x')?.status).toMatch(/^(unknown|posting|posted)$/);
    await settled(message.message_id, agent.id, 'posted');
    expect(postsOnX(message)).toHaveLength(1);
    expect(await xDelivery(message.message_id, agent.id)).toMatchObject({
      status: 'posted',
      url: expect.stringMatching(new RegExp(`/status/${postsOnX(message)[0]?.id}$`)),
    });

    const again = await owner.post(retryPath(message.message_id), {});
    expect(again.status).toBe(409);
    expect(await readJson(again)).toMatchObject({ message: RETRY_MESSAGES.published('x') });
    expect(postsOnX(message)).toHaveLength(1);
  });

  it('answers two retries sent at once with one 200 and one 409, and posts once', async () => {
    const agent = await newAgent();
    await connectPlatform(server, owner, 'x', { agentId: agent.id });
    x.api.failNext(CREATE_POST, { status: 400 });
    const message = await trigger(agent.id);
    await settled(message.message_id, agent.id, 'failed');

    const answers = await Promise.all([1, 2, 3].map(() => owner.post(retryPath(message.message_id), {})));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409, 409]);
    await settled(message.message_id, agent.id, 'posted');
    expect(postsOnX(message)).toHaveLength(1);
  });

  it('reads the account before posting again: a delivery given up although X had the post is found, not posted twice', async () => {
    const agent = await newAgent();
    await connectPlatform(server, owner, 'x', { agentId: agent.id });
    const message = await trigger(agent.id);
    await settled(message.message_id, agent.id, 'posted');
    const runId = await runIdOf(message.message_id);
    // As a delivery ends that was given up while its outcome was unknown: the post is on X, the row says failed.
    await server.database.db
      .update(delivery)
      .set({
        status: 'failed',
        error: 'Gave up after 6 attempts: X did not answer',
        externalId: null,
        url: null,
        threadPosts: [],
        publishedAt: null,
      })
      .where(and(eq(delivery.runId, runId), eq(delivery.platform, 'x')));
    await refreshDeliverySnapshot(server.database.db, runId);
    await settled(message.message_id, agent.id, 'failed');
    const requestsBefore = x.api.requestsTo(CREATE_POST).length;

    expect((await owner.post(retryPath(message.message_id), {})).status).toBe(200);
    await settled(message.message_id, agent.id, 'posted');
    expect(postsOnX(message)).toHaveLength(1);
    expect(x.api.requestsTo(CREATE_POST)).toHaveLength(requestsBefore);
    expect((await xDelivery(message.message_id, agent.id))?.url).toMatch(
      new RegExp(`/status/${postsOnX(message)[0]?.id}$`),
    );
  });

  it('refuses a post whose X account is not connected until one is, then sends it', async () => {
    const agent = await newAgent();
    const message = await trigger(agent.id);
    await settled(message.message_id, agent.id, 'failed');

    const refused = await owner.post(retryPath(message.message_id), {});
    expect(refused.status).toBe(409);
    expect(await readJson(refused)).toMatchObject({ message: RETRY_MESSAGES.connectFirst('x') });

    await connectPlatform(server, owner, 'x', { agentId: agent.id });
    const retried = await owner.post(retryPath(message.message_id), {});
    expect(retried.status).toBe(200);
    // It never reached X: no reading first, straight to posting.
    expect(((await readJson(retried)) as TerminalMessage).deliveries.find((item) => item.platform === 'x')).toEqual(
      expect.objectContaining({ status: expect.stringMatching(/^(ready|posting|posted)$/) }),
    );
    await settled(message.message_id, agent.id, 'posted');
    expect(postsOnX(message)).toHaveLength(1);
  });

  it("answers 404 for another user's message, and for a platform the post was not meant for", async () => {
    const agent = await newAgent();
    const message = await trigger(agent.id);
    await settled(message.message_id, agent.id, 'failed');

    const foreign = await stranger.post(retryPath(message.message_id), {});
    expect(foreign.status).toBe(404);
    expect(await readJson(foreign)).toMatchObject({ message: 'Terminal message not found' });
    const notMeant = await owner.post(retryPath(message.message_id, 'linkedin'), {});
    expect(notMeant.status).toBe(404);
    expect(await readJson(notMeant)).toMatchObject({ message: RETRY_MESSAGES.noDelivery('linkedin') });
    expect((await xDelivery(message.message_id, agent.id))?.status).toBe('failed');
  });

  it('answers 400 for a message id that is not one, and for a platform that does not exist', async () => {
    const badId = await owner.post(retryPath('not-a-uuid'), {});
    expect(badId.status).toBe(400);
    expect(await readJson(badId)).toMatchObject({ code: 'VALIDATION_FAILED' });
    const badPlatform = await owner.post(retryPath('7d7a4f4e-1f39-4b7c-9a3e-0d1c2b3a4f5e', 'myspace'), {});
    expect(badPlatform.status).toBe(400);
    expect(await readJson(badPlatform)).toMatchObject({ code: 'VALIDATION_FAILED' });
  });
});

/** The run a terminal message shows. */
const runIdOf = async (messageId: string) => {
  const [row] = await server.database.db
    .select({ runId: terminalMessage.runId })
    .from(terminalMessage)
    .where(eq(terminalMessage.messageId, messageId));
  return row?.runId ?? '';
};
