import { sql } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { CreatedApiKey } from '@agentcast/contracts/api-keys';
import {
  MAX_WEBHOOK_ENDPOINTS,
  WEBHOOK_MESSAGES,
  WEBHOOK_TEST_LIMIT,
  type CreatedWebhookEndpoint,
  type WebhookDelivery,
  type WebhookDeliveryPage,
  type WebhookEndpoint,
} from '@agentcast/contracts/webhooks';
import { queryRows } from '@agentcast/db/query-rows';
import { startWebhookReceiver, type WebhookReceiver } from '@agentcast/test-fakes/webhook-receiver';
import { signUpVerifiedUser } from '../testing/accounts.ts';
import { readJson, type HttpClient } from '../testing/http-client.ts';
import { startTestServer, type TestServer } from '../testing/start-test-server.ts';
import { createWebhookEndpoint as create, expectRefused } from './webhooks-test-helpers.ts';

let server: TestServer;
let receiver: WebhookReceiver;
let owner: HttpClient;

beforeAll(async () => {
  // Webhooks' retry schedule 1000 times faster: 5 s, 5 min and 30 min become 5 ms, 300 ms and 1.8 s. This file
  // makes no agents, so nothing else runs on the faster clock.
  server = await startTestServer({ timeScale: 1000 });
  receiver = await startWebhookReceiver();
  owner = (await signUpVerifiedUser(server)).browser;
});
afterAll(async () => {
  await receiver?.close();
  await server?.close();
});
beforeEach(() => receiver.answerAlways(200));

const newEndpoint = (browser = owner, events = ['post.published', 'post.failed']) =>
  create(browser, { url: receiver.url, events, description: 'My receiver' });

const deliveries = async (endpointId: string, query = '') =>
  (await readJson(await owner.get(`/api/webhooks/${endpointId}/deliveries${query}`))) as WebhookDeliveryPage;

/** Polls the endpoint's newest delivery until it is no longer pending. */
const settledDelivery = async (endpointId: string, id: string) => {
  let found: WebhookDelivery | undefined;
  await expect
    .poll(
      async () => {
        found = (await deliveries(endpointId)).deliveries.find((delivery) => delivery.id === id);
        return found?.status;
      },
      { timeout: 15_000, interval: 100 },
    )
    .not.toBe('pending');
  return found!;
};

describe('registering endpoints', () => {
  it('creates an endpoint with a whsec_ secret, lists it without the secret, and reveals the secret to its owner', async () => {
    const { endpoint, secret } = await newEndpoint();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(endpoint).toMatchObject({
      url: receiver.url,
      description: 'My receiver',
      events: ['post.published', 'post.failed'],
      enabled: true,
      disabled_at: null,
      failing_since: null,
      previous_secret_expires_at: null,
    });
    const listed = await readJson(await owner.get('/api/webhooks'));
    expect(listed.endpoints.find((item: WebhookEndpoint) => item.id === endpoint.id)).toEqual(endpoint);
    expect(JSON.stringify(listed)).not.toContain(secret);
    expect(await readJson(await owner.post(`/api/webhooks/${endpoint.id}/secret`))).toEqual({
      secret,
      previous_secret_expires_at: null,
    });
  });

  it('refuses bad input with a message for each field', async () => {
    await expectRefused(
      await owner.post('/api/webhooks', { events: ['post.published'] }),
      400,
      WEBHOOK_MESSAGES.urlRequired,
      'url',
    );
    await expectRefused(
      await owner.post('/api/webhooks', { url: 'ftp://example.com/x', events: ['post.published'] }),
      400,
      WEBHOOK_MESSAGES.urlInvalid,
      'url',
    );
    await expectRefused(
      await owner.post('/api/webhooks', { url: 'not a url', events: ['post.published'] }),
      400,
      WEBHOOK_MESSAGES.urlInvalid,
      'url',
    );
    await expectRefused(
      await owner.post('/api/webhooks', { url: 'https://user:pw@example.com/x', events: ['post.published'] }),
      400,
      WEBHOOK_MESSAGES.urlCredentials,
      'url',
    );
    await expectRefused(
      await owner.post('/api/webhooks', { url: receiver.url, events: [] }),
      400,
      WEBHOOK_MESSAGES.eventsRequired,
      'events',
    );
    const unknown = await owner.post('/api/webhooks', { url: receiver.url, events: ['post.exploded'] });
    expect(unknown.status).toBe(400);
    expect((await readJson(unknown)).fieldErrors['events.0']).toEqual([WEBHOOK_MESSAGES.eventUnknown]);
    await expectRefused(
      await owner.post('/api/webhooks', { url: receiver.url, events: ['post.failed'], description: 'x'.repeat(201) }),
      400,
      WEBHOOK_MESSAGES.descriptionTooLong,
      'description',
    );
    const { endpoint } = await newEndpoint();
    const nothing = await owner.patch(`/api/webhooks/${endpoint.id}`, {});
    expect(nothing.status).toBe(400);
    expect((await readJson(nothing)).message).toBe(WEBHOOK_MESSAGES.nothingToChange);
    expect((await owner.get('/api/webhooks/not-a-uuid/deliveries')).status).toBe(404);
    expect((await owner.get(`/api/webhooks/${endpoint.id}/deliveries?before=garbage`)).status).toBe(400);
  });

  it('changes, disables and deletes an endpoint; another account’s answers 404', async () => {
    const { endpoint } = await newEndpoint();
    const changed = await readJson(
      await owner.patch(`/api/webhooks/${endpoint.id}`, {
        events: ['run.skipped', 'run.skipped', 'draft.created'],
        description: '  Zapier  ',
        enabled: false,
      }),
    );
    expect(changed).toMatchObject({
      events: ['run.skipped', 'draft.created'],
      description: 'Zapier',
      enabled: false,
      disabled_at: expect.any(String),
      disabled_reason: null,
    });
    await expectRefused(await owner.post(`/api/webhooks/${endpoint.id}/test`), 409, WEBHOOK_MESSAGES.endpointDisabled);

    const stranger = (await signUpVerifiedUser(server)).browser;
    for (const response of [
      await stranger.patch(`/api/webhooks/${endpoint.id}`, { enabled: true }),
      await stranger.post(`/api/webhooks/${endpoint.id}/secret`),
      await stranger.post(`/api/webhooks/${endpoint.id}/secret/rotate`),
      await stranger.get(`/api/webhooks/${endpoint.id}/deliveries`),
      await stranger.post(`/api/webhooks/${endpoint.id}/test`),
      await stranger.delete(`/api/webhooks/${endpoint.id}`),
    ])
      await expectRefused(response, 404, WEBHOOK_MESSAGES.endpointNotFound);
    expect((await readJson(await stranger.get('/api/webhooks'))).endpoints).toEqual([]);

    expect((await owner.delete(`/api/webhooks/${endpoint.id}`)).status).toBe(204);
    expect((await owner.delete(`/api/webhooks/${endpoint.id}`)).status).toBe(404);
  });

  it(`allows at most ${MAX_WEBHOOK_ENDPOINTS} endpoints per account`, async () => {
    const { browser } = await signUpVerifiedUser(server);
    await Promise.all(
      Array.from({ length: MAX_WEBHOOK_ENDPOINTS + 3 }, () =>
        browser.post('/api/webhooks', { url: receiver.url, events: ['post.failed'] }),
      ),
    );
    expect((await readJson(await browser.get('/api/webhooks'))).endpoints).toHaveLength(MAX_WEBHOOK_ENDPOINTS);
    await expectRefused(
      await browser.post('/api/webhooks', { url: receiver.url, events: ['post.failed'] }),
      409,
      WEBHOOK_MESSAGES.tooManyEndpoints,
    );
  });

  it('may be managed with a read-write API key; a read key lists endpoints but never reads a secret', async () => {
    const { browser } = await signUpVerifiedUser(server);
    const keyOf = async (scope: string) =>
      ((await readJson(await browser.post('/api/account/api-keys', { name: scope, scope }))) as CreatedApiKey).key;
    const program = (key: string, method: string, path: string, body?: unknown) =>
      fetch(new URL(path, server.url), {
        method,
        headers: { authorization: `Bearer ${key}`, ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      });
    const writer = await keyOf('read-write');
    const made = await program(writer, 'POST', '/api/webhooks', { url: receiver.url, events: ['draft.created'] });
    expect(made.status).toBe(201);
    const { endpoint } = (await readJson(made)) as CreatedWebhookEndpoint;
    const reader = await keyOf('read');
    expect((await readJson(await program(reader, 'GET', '/api/webhooks'))).endpoints).toEqual([endpoint]);
    expect((await program(reader, 'POST', `/api/webhooks/${endpoint.id}/secret`)).status).toBe(403);
    expect((await program(writer, 'POST', `/api/webhooks/${endpoint.id}/secret`)).status).toBe(200);
  });
});

describe('sending events', () => {
  it('sends a test event, signed per Standard Webhooks, and logs it delivered with the receiver’s 200', async () => {
    const { endpoint, secret } = await newEndpoint();
    const before = receiver.received.length;
    const sent = await owner.post(`/api/webhooks/${endpoint.id}/test`);
    expect(sent.status).toBe(200);
    const pending = (await readJson(sent)) as WebhookDelivery;
    expect(pending).toMatchObject({
      event_type: 'webhook.test',
      status: 'pending',
      message_id: expect.stringMatching(/^msg_/),
    });

    const delivered = await settledDelivery(endpoint.id, pending.id);
    expect(delivered).toMatchObject({ status: 'delivered', attempts: 1, response_status: 200, error: null });
    expect(delivered.attempt_log).toEqual([
      {
        attempted_at: expect.any(String),
        response_status: 200,
        error: null,
        response_excerpt: 'ok',
        duration_ms: expect.any(Number),
      },
    ]);
    const [request] = receiver.received.slice(before);
    expect(request?.headers['webhook-id']).toBe(pending.message_id);
    expect(request?.headers['content-type']).toBe('application/json');
    // The reference implementation checks the signature and that the timestamp is recent.
    expect(new Webhook(secret).verify(request!.body, request!.headers as Record<string, string>)).toEqual({
      type: 'webhook.test',
      timestamp: expect.any(String),
      data: { endpoint_id: endpoint.id, message: WEBHOOK_MESSAGES.testEvent },
    });
  });

  it('retries a failing receiver with backoff, logging each attempt’s status, until it answers', async () => {
    const { endpoint } = await newEndpoint();
    receiver.failNext(2, 503);
    const before = receiver.received.length;
    const pending = (await readJson(await owner.post(`/api/webhooks/${endpoint.id}/test`))) as WebhookDelivery;
    const delivered = await settledDelivery(endpoint.id, pending.id);
    expect(delivered).toMatchObject({ status: 'delivered', attempts: 3, response_status: 200 });
    expect(delivered.attempt_log.map((attempt) => [attempt.response_status, attempt.error])).toEqual([
      [503, 'The receiver answered 503.'],
      [503, 'The receiver answered 503.'],
      [200, null],
    ]);
    const times = receiver.received.slice(before).map((request) => request.receivedAt);
    // 5 s and then 5 min, scaled down 1000 times: the second wait is the longer.
    expect(times[2]! - times[1]!).toBeGreaterThanOrEqual(300);
    const [endpointNow] = (await readJson(await owner.get('/api/webhooks'))).endpoints.filter(
      (item: WebhookEndpoint) => item.id === endpoint.id,
    );
    expect(endpointNow.failing_since).toBeNull();
  });

  it('resends a delivery with the same webhook-id, and pages through the log newest first', async () => {
    const { endpoint } = await newEndpoint();
    const first = (await readJson(await owner.post(`/api/webhooks/${endpoint.id}/test`))) as WebhookDelivery;
    await settledDelivery(endpoint.id, first.id);
    const second = (await readJson(await owner.post(`/api/webhooks/${endpoint.id}/test`))) as WebhookDelivery;
    await settledDelivery(endpoint.id, second.id);

    const resent = await owner.post(`/api/webhooks/${endpoint.id}/deliveries/${first.id}/resend`);
    expect(resent.status).toBe(200);
    expect(await readJson(resent)).toMatchObject({ id: first.id, status: 'pending', message_id: first.message_id });
    const again = await settledDelivery(endpoint.id, first.id);
    expect(again).toMatchObject({ status: 'delivered', attempts: 2 });
    expect(receiver.received.filter((request) => request.headers['webhook-id'] === first.message_id)).toHaveLength(2);

    const page = await deliveries(endpoint.id, '?limit=1');
    expect(page.deliveries.map((delivery) => delivery.id)).toEqual([second.id]);
    const next = await deliveries(endpoint.id, `?limit=1&before=${encodeURIComponent(page.next_before!)}`);
    expect(next).toMatchObject({ deliveries: [{ id: first.id }], next_before: null });
    expect((await owner.post(`/api/webhooks/${endpoint.id}/deliveries/${crypto.randomUUID()}/resend`)).status).toBe(
      404,
    );
  });

  it('rotates the secret: for the grace period each request carries a signature with either secret', async () => {
    const { endpoint, secret: previous } = await newEndpoint();
    const rotated = await readJson(await owner.post(`/api/webhooks/${endpoint.id}/secret/rotate`));
    expect(rotated).toEqual({
      secret: expect.stringMatching(/^whsec_/),
      previous_secret_expires_at: expect.any(String),
    });
    expect(rotated.secret).not.toBe(previous);
    const before = receiver.received.length;
    const sent = (await readJson(await owner.post(`/api/webhooks/${endpoint.id}/test`))) as WebhookDelivery;
    await settledDelivery(endpoint.id, sent.id);
    const request = receiver.received[before]!;
    for (const secret of [previous, rotated.secret])
      expect(new Webhook(secret).verify(request.body, request.headers as Record<string, string>)).toBeTruthy();
  });

  it('goes with the account: deleting it leaves no endpoint, delivery, attempt, test count or job behind', async () => {
    const account = await signUpVerifiedUser(server);
    const { id: workspaceId } = (await readJson(await account.browser.get('/api/auth/get-session'))).user as {
      id: string;
    };
    const { endpoint } = await newEndpoint(account.browser);
    const sent = (await readJson(await account.browser.post(`/api/webhooks/${endpoint.id}/test`))) as WebhookDelivery;
    await expect
      .poll(
        async () =>
          (await readJson(await account.browser.get(`/api/webhooks/${endpoint.id}/deliveries`))).deliveries[0]?.status,
      )
      .toBe('delivered');
    const left = () =>
      queryRows<{ count: number }>(
        server.database.db,
        sql`SELECT (SELECT count(*) FROM webhook_endpoint WHERE id = ${endpoint.id})
          + (SELECT count(*) FROM webhook_delivery WHERE id = ${sent.id})
          + (SELECT count(*) FROM webhook_attempt WHERE delivery_id = ${sent.id})
          + (SELECT count(*) FROM webhook_test_send WHERE workspace_id = ${workspaceId})
          + (SELECT count(*) FROM pgboss.job WHERE group_id = ${workspaceId}) AS count`,
      );
    // Each of them is there before: the delivery's job is in the account's group.
    expect(Number((await left())[0]?.count)).toBe(5);
    expect((await account.browser.post('/api/account/delete', { password: account.password })).status).toBe(200);
    expect(Number((await left())[0]?.count)).toBe(0);
  });
});

describe(`test events: ${WEBHOOK_TEST_LIMIT.events} a minute per account`, () => {
  const limited = `${WEBHOOK_MESSAGES.tooManyTests} Please try again in 1 minute.`;

  const expectLimited = async (response: Response) => {
    expect(response.status).toBe(429);
    const retryAfter = Number(response.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(WEBHOOK_TEST_LIMIT.windowSeconds);
    expect(await readJson(response)).toEqual({ code: 'RATE_LIMITED', message: limited });
  };

  it('counts every endpoint of the account, keeps counting when an endpoint is deleted, and frees up as the minute passes', async () => {
    const { browser } = await signUpVerifiedUser(server);
    const [first, second] = [(await newEndpoint(browser)).endpoint, (await newEndpoint(browser)).endpoint];
    for (let sent = 0; sent < WEBHOOK_TEST_LIMIT.events; sent++) {
      const endpoint = sent % 2 === 0 ? first! : second!;
      expect((await browser.post(`/api/webhooks/${endpoint.id}/test`)).status).toBe(200);
    }
    await expectLimited(await browser.post(`/api/webhooks/${first!.id}/test`));
    // Another account has its own allowance.
    expect((await owner.post(`/api/webhooks/${(await newEndpoint()).endpoint.id}/test`)).status).toBe(200);

    // Deleting an endpoint deletes its deliveries, but not the count: adding it again starts nothing afresh.
    expect((await browser.delete(`/api/webhooks/${first!.id}`)).status).toBe(204);
    const { endpoint: again } = await newEndpoint(browser);
    await expectLimited(await browser.post(`/api/webhooks/${again.id}/test`));

    // The window slides: once the earliest sends are a minute old, that many may go again.
    const { id: workspaceId } = (await readJson(await browser.get('/api/auth/get-session'))).user as { id: string };
    await server.database.db.execute(
      sql`UPDATE webhook_test_send SET sent_at = sent_at - make_interval(secs => ${WEBHOOK_TEST_LIMIT.windowSeconds})
        WHERE id IN (SELECT id FROM webhook_test_send WHERE workspace_id = ${workspaceId} ORDER BY sent_at LIMIT 2)`,
    );
    expect((await browser.post(`/api/webhooks/${again.id}/test`)).status).toBe(200);
    expect((await browser.post(`/api/webhooks/${second!.id}/test`)).status).toBe(200);
    await expectLimited(await browser.post(`/api/webhooks/${second!.id}/test`));
  });

  it(`lets exactly ${WEBHOOK_TEST_LIMIT.events} through when more are sent at once`, async () => {
    const { browser } = await signUpVerifiedUser(server);
    const { endpoint } = await newEndpoint(browser);
    const answers = await Promise.all(
      Array.from({ length: WEBHOOK_TEST_LIMIT.events + 5 }, () => browser.post(`/api/webhooks/${endpoint.id}/test`)),
    );
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(WEBHOOK_TEST_LIMIT.events);
    const refused = answers.filter((answer) => answer.status !== 200);
    expect(refused).toHaveLength(5);
    for (const answer of refused) await expectLimited(answer);
    const page = (await readJson(
      await browser.get(`/api/webhooks/${endpoint.id}/deliveries?limit=100`),
    )) as WebhookDeliveryPage;
    expect(page.deliveries).toHaveLength(WEBHOOK_TEST_LIMIT.events);
  });
});
