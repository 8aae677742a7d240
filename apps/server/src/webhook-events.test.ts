import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Agent } from '@agentcast/contracts/agents';
import { PLANS } from '@agentcast/contracts/plans';
import { PUBLISHING_MESSAGES } from '@agentcast/contracts/publishing';
import type { TerminalMessage, TerminalPage } from '@agentcast/contracts/terminal';
import {
  WEBHOOK_MESSAGES,
  webhookPayloadSchema,
  type CreatedWebhookEndpoint,
  type WebhookDeliveryPage,
  type WebhookEventType,
  type WebhookPayload,
} from '@agentcast/contracts/webhooks';
import { DEFAULT_WEBHOOK_TIMING } from '@agentcast/core/domains/webhooks/webhook-services';
import { startXWithOAuth, type PlatformWithOAuth } from '@agentcast/test-fakes/platforms-with-oauth';
import { startWebhookReceiver, type WebhookReceiver } from '@agentcast/test-fakes/webhook-receiver';
import type { XApiFake } from '@agentcast/test-fakes/x-api-fake';
import { putOnPlan, signUpVerifiedUser } from './testing/accounts.ts';
import { connectPlatform } from './testing/connect-platform.ts';
import { validAgent } from './testing/fixtures.ts';
import { readJson, type HttpClient } from './testing/http-client.ts';
import { startTestServer, type TestServer } from './testing/start-test-server.ts';

let x: PlatformWithOAuth<XApiFake>;
let server: TestServer;
let receiver: WebhookReceiver;

beforeAll(async () => {
  x = await startXWithOAuth();
  receiver = await startWebhookReceiver();
  // The offline writer writes the posts; X is the loopback fake.
  server = await startTestServer({
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
});
afterAll(async () => {
  await server?.close();
  await receiver?.close();
  await x?.close();
});

const ALL_EVENTS: WebhookEventType[] = [
  'post.published',
  'post.failed',
  'post.deleted',
  'draft.created',
  'run.skipped',
];

/** A signed-in person on a plan, with an endpoint for every event at `url` (the receiver by default). */
const personWithWebhooks = async (plan: 'starter' | 'enterprise', url = receiver.url) => {
  const account = await signUpVerifiedUser(server);
  await putOnPlan(server, account.email, plan);
  const created = await account.browser.post('/api/webhooks', { url, events: ALL_EVENTS });
  expect(created.status).toBe(201);
  return { ...account, ...((await readJson(created)) as CreatedWebhookEndpoint) };
};

const newAgent = async (browser: HttpClient, fields: Parameters<typeof validAgent>[0]) =>
  (await readJson(await browser.post('/api/agents', validAgent({ activities: ['post'], ...fields })))) as Agent;

const trigger = (browser: HttpClient, agentId: string) => browser.post(`/api/agents/${agentId}/trigger`, {});

/** The events the receiver got for this agent, checked against the contract's schema and the endpoint's secret. */
const eventsFor = (secret: string, agentId: string) =>
  receiver.received
    .map((request) => ({ request, payload: JSON.parse(request.body) as WebhookPayload }))
    .filter(({ payload }) => 'agent' in payload.data && payload.data.agent.id === agentId)
    .map(({ request, payload }) => {
      expect(new Webhook(secret).verify(request.body, request.headers as Record<string, string>)).toEqual(payload);
      return webhookPayloadSchema.parse(payload);
    });

const waitForEvent = async (secret: string, agentId: string, type: WebhookEventType) => {
  let found: WebhookPayload | undefined;
  await expect
    .poll(() => (found = eventsFor(secret, agentId).find((event) => event.type === type)), { timeout: 15_000 })
    .toBeTruthy();
  return found!;
};

const newestEntry = async (browser: HttpClient, agentId: string) =>
  ((await readJson(await browser.get(`/api/terminal?agent_id=${agentId}`))) as TerminalPage).messages[0];

describe('events from the real code paths', () => {
  it('post.published when a post reaches X, then post.deleted when it is deleted from X', async () => {
    const { browser, secret } = await personWithWebhooks('enterprise');
    const agent = await newAgent(browser, {
      name: 'Webhook Poster',
      post_configuration: { topics: ['AI'], clients: ['terminal', 'x'] },
    });
    await connectPlatform(server, browser, 'x', { agentId: agent.id });
    const { data } = (await readJson(await trigger(browser, agent.id))) as { data: TerminalMessage };

    const published = await waitForEvent(secret, agent.id, 'post.published');
    const tweet = x.api.posts.at(-1)!;
    expect(published).toMatchObject({
      type: 'post.published',
      data: {
        agent: { id: agent.id, name: 'Webhook Poster' },
        platform: 'x',
        text: tweet.text,
        platform_post_id: tweet.id,
        url: expect.stringMatching(new RegExp(`/status/${tweet.id}$`)),
        posts: [{ post_id: tweet.id, url: expect.any(String) }],
      },
    });

    expect((await browser.delete(`/api/terminal/${data.message_id}/posts/x`)).status).toBe(200);
    const deleted = await waitForEvent(secret, agent.id, 'post.deleted');
    expect(deleted.data).toMatchObject({ platform: 'x', platform_post_id: tweet.id, deleted_at: expect.any(String) });
  });

  it('post.failed when the platform has no connected account', async () => {
    const { browser, secret } = await personWithWebhooks('enterprise');
    const agent = await newAgent(browser, { post_configuration: { topics: ['AI'], clients: ['terminal', 'x'] } });
    await trigger(browser, agent.id);
    const failed = await waitForEvent(secret, agent.id, 'post.failed');
    expect(failed.data).toMatchObject({ platform: 'x', error: PUBLISHING_MESSAGES.notConnected('x') });
  });

  it('draft.created when an agent with review on writes a post', async () => {
    const { browser, secret } = await personWithWebhooks('enterprise');
    const agent = await newAgent(browser, {
      review_before_posting: true,
      post_configuration: { topics: ['AI'], clients: ['terminal', 'x'] },
    });
    await trigger(browser, agent.id);
    const draft = await waitForEvent(secret, agent.id, 'draft.created');
    const [waiting] = (await readJson(await browser.get('/api/drafts'))).drafts;
    expect(draft.data).toMatchObject({ draft_id: waiting.id, text: waiting.text, platforms: ['x'] });
  });

  it('run.skipped when a trigger would pass the plan’s posts for the day', async () => {
    const { browser, secret } = await personWithWebhooks('starter');
    const agent = await newAgent(browser, { post_configuration: { topics: ['AI'], clients: ['terminal'] } });
    const starter = PLANS.find((plan) => plan.id === 'starter')!;
    for (let post = 0; post < starter.limits.postsPerDay!; post++)
      expect((await trigger(browser, agent.id)).status).toBe(200);
    expect((await trigger(browser, agent.id)).status).toBe(409);
    const skipped = await waitForEvent(secret, agent.id, 'run.skipped');
    expect(skipped.data).toMatchObject({ trigger: 'manual', reason: PUBLISHING_MESSAGES.overPostQuota(starter) });
  });
});

describe('a receiver that is down', () => {
  it('never holds up publishing: the post goes out and its event waits for the next attempt', async () => {
    const { browser, endpoint } = await personWithWebhooks('enterprise', 'http://127.0.0.1:9/hooks');
    const agent = await newAgent(browser, { post_configuration: { topics: ['AI'], clients: ['terminal', 'x'] } });
    await connectPlatform(server, browser, 'x', { agentId: agent.id });
    expect((await trigger(browser, agent.id)).status).toBe(200);
    await expect
      .poll(async () => (await newestEntry(browser, agent.id))?.deliveries.map((item) => item.status), {
        timeout: 15_000,
      })
      .toEqual(['posted', 'posted']);
    await expect
      .poll(async () => {
        const page = (await readJson(
          await browser.get(`/api/webhooks/${endpoint.id}/deliveries`),
        )) as WebhookDeliveryPage;
        return page.deliveries.find((delivery) => delivery.event_type === 'post.published');
      })
      .toMatchObject({
        status: 'pending',
        attempts: 1,
        response_status: null,
        // Not that the port is closed: the log says the same of every receiver that does not answer.
        error: WEBHOOK_MESSAGES.noAnswer(DEFAULT_WEBHOOK_TIMING.requestTimeoutMs / 1000),
      });
  });
});
