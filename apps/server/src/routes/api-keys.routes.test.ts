import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  API_KEY_MESSAGES,
  API_KEY_RATE_LIMIT,
  MAX_ACTIVE_API_KEYS,
  type CreatedApiKey,
} from '@agentcast/contracts/api-keys';
import { hashApiKey } from '@agentcast/core/domains/api-keys/api-key-secret';
import { apiKey } from '@agentcast/db/schema/api-keys';
import { signUpVerifiedUser } from '../testing/accounts.ts';
import { validAgent } from '../testing/fixtures.ts';
import { readJson, type HttpClient } from '../testing/http-client.ts';
import { startTestServer, type TestServer } from '../testing/start-test-server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const createKey = async (browser: HttpClient, input: Record<string, unknown>) => {
  const response = await browser.post('/api/account/api-keys', input);
  expect(response.status).toBe(201);
  return (await readJson(response)) as CreatedApiKey;
};

/** A program's request: the key, no cookie, no Origin. */
const withKey = (key: string, method: string, path: string, body?: unknown) =>
  fetch(new URL(path, server.url), {
    method,
    headers: { authorization: `Bearer ${key}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

describe('personal API keys', () => {
  it('are created with a name, scope and expiry, shown once, kept only as a hash, and listed without the key', async () => {
    const { browser } = await signUpVerifiedUser(server);
    const before = Date.now();
    const { key, api_key: created } = await createKey(browser, {
      name: 'Zapier',
      scope: 'read-write',
      expires_in_days: 30,
    });

    expect(key).toMatch(/^agc_[\w-]{32}$/);
    expect(created).toMatchObject({ name: 'Zapier', scope: 'read-write', hint: `${key.slice(0, 8)}…` });
    const expiresIn = new Date(created.expires_at!).getTime() - before;
    expect(expiresIn).toBeGreaterThan(30 * 86_400_000 - 60_000);
    expect(expiresIn).toBeLessThan(30 * 86_400_000 + 60_000);
    const [row] = await server.database.db.select().from(apiKey).where(eq(apiKey.id, created.id));
    expect(row!.keyHash).toBe(hashApiKey(key));
    expect(JSON.stringify(row)).not.toContain(key);

    const listed = await readJson(await browser.get('/api/account/api-keys'));
    expect(listed).toEqual({ api_keys: [created] });
    expect(JSON.stringify(listed)).not.toContain(key);
    expect(created.last_used_at).toBeNull();

    expect((await withKey(key, 'GET', '/api/agents')).status).toBe(200);
    const [used] = (await readJson(await browser.get('/api/account/api-keys'))).api_keys;
    expect(new Date(used.last_used_at).getTime()).toBeGreaterThanOrEqual(before);
  });

  it('refuses bad input with the field named, and saves nothing', async () => {
    const { browser } = await signUpVerifiedUser(server);
    for (const [input, field, message] of [
      [{ name: ' ', scope: 'read' }, 'name', API_KEY_MESSAGES.nameRequired],
      [{ name: 'x'.repeat(61), scope: 'read' }, 'name', API_KEY_MESSAGES.nameTooLong],
      [{ name: 'CI', scope: 'admin' }, 'scope', API_KEY_MESSAGES.scopeInvalid],
      [{ name: 'CI', scope: 'read', expires_in_days: 0 }, 'expires_in_days', API_KEY_MESSAGES.expiryInvalid],
      [{ name: 'CI', scope: 'read', expires_in_days: 1.5 }, 'expires_in_days', API_KEY_MESSAGES.expiryInvalid],
    ] as const) {
      const response = await browser.post('/api/account/api-keys', input);
      expect(response.status).toBe(400);
      expect((await readJson(response)).fieldErrors).toEqual({ [field]: [message] });
    }
    expect(await readJson(await browser.get('/api/account/api-keys'))).toEqual({ api_keys: [] });
  });

  it('act as their owner without Origin or cookie: a read key only reads, a read-write key changes', async () => {
    const { browser } = await signUpVerifiedUser(server);
    const reader = (await createKey(browser, { name: 'Dashboard', scope: 'read' })).key;
    const writer = (await createKey(browser, { name: 'Script', scope: 'read-write' })).key;

    const created = await withKey(writer, 'POST', '/api/agents', validAgent({ name: 'From a script' }));
    expect(created.status).toBe(201);
    const agent = await readJson(created);
    const read = await withKey(reader, 'GET', `/api/agents/${agent.id}`);
    expect(read.status).toBe(200);
    expect((await readJson(read)).name).toBe('From a script');

    const refused = await withKey(reader, 'PATCH', `/api/agents/${agent.id}`, { name: 'Renamed' });
    expect(refused.status).toBe(403);
    expect(await readJson(refused)).toEqual({ code: 'FORBIDDEN', message: API_KEY_MESSAGES.readOnly });
    expect((await readJson(await browser.get(`/api/agents/${agent.id}`))).name).toBe('From a script');
  });

  it('never reach another account’s agents (404 as for a missing one) nor the routes of the session alone', async () => {
    const owner = await signUpVerifiedUser(server);
    const agent = await readJson(await owner.browser.post('/api/agents', validAgent()));
    const stranger = await signUpVerifiedUser(server);
    const key = (await createKey(stranger.browser, { name: 'Other', scope: 'read-write' })).key;

    expect((await withKey(key, 'GET', `/api/agents/${agent.id}`)).status).toBe(404);
    expect((await withKey(key, 'DELETE', `/api/agents/${agent.id}`)).status).toBe(404);
    expect((await owner.browser.get(`/api/agents/${agent.id}`)).status).toBe(200);

    for (const [method, path, body] of [
      ['POST', '/api/account/api-keys', { name: 'Successor', scope: 'read-write' }],
      ['GET', '/api/account/api-keys', undefined],
      ['POST', '/api/account/password', { currentPassword: stranger.password, newPassword: 'another long one' }],
      ['POST', '/api/account/delete', { password: stranger.password }],
      ['GET', '/api/account/export', undefined],
    ] as const) {
      const response = await withKey(key, method, path, body);
      expect({ path, status: response.status, body: await readJson(response) }).toEqual({
        path,
        status: 403,
        body: { code: 'FORBIDDEN', message: API_KEY_MESSAGES.sessionOnly },
      });
    }
    // Which e-mails the account gets is not one of them.
    expect((await withKey(key, 'PATCH', '/api/account/settings', { notify_publish_failed: false })).status).toBe(200);
  });

  it('stop working at once when revoked or expired, and a malformed or unknown key is a 401', async () => {
    const { browser } = await signUpVerifiedUser(server);
    const revoked = await createKey(browser, { name: 'Revoked', scope: 'read' });
    const expired = await createKey(browser, { name: 'Expired', scope: 'read', expires_in_days: 1 });
    expect((await withKey(revoked.key, 'GET', '/api/agents')).status).toBe(200);

    expect((await browser.delete(`/api/account/api-keys/${revoked.api_key.id}`)).status).toBe(204);
    await server.database.db
      .update(apiKey)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(apiKey.id, expired.api_key.id));

    for (const key of [revoked.key, expired.key, 'agc_unknown', `${revoked.key}x`]) {
      const response = await withKey(key, 'GET', '/api/agents');
      expect(response.status).toBe(401);
      expect(await readJson(response)).toEqual({ code: 'UNAUTHENTICATED', message: API_KEY_MESSAGES.invalidKey });
    }
    const malformed = await fetch(new URL('/api/agents', server.url), { headers: { authorization: 'Basic abc' } });
    expect(malformed.status).toBe(401);
    // The expired key is still listed (marked by its date), the revoked one is gone.
    expect(
      (await readJson(await browser.get('/api/account/api-keys'))).api_keys.map((key: { name: string }) => key.name),
    ).toEqual(['Expired']);
  });

  it(`are at most ${MAX_ACTIVE_API_KEYS} active per account: expired keys take no place, revoking one frees one`, async () => {
    const { browser } = await signUpVerifiedUser(server);
    const made: CreatedApiKey[] = [];
    for (let index = 0; index < MAX_ACTIVE_API_KEYS; index++)
      made.push(await createKey(browser, { name: `Key ${index + 1}`, scope: 'read' }));
    const refused = await browser.post('/api/account/api-keys', { name: 'One too many', scope: 'read' });
    expect(refused.status).toBe(409);
    expect(await readJson(refused)).toEqual({ code: 'CONFLICT', message: API_KEY_MESSAGES.tooManyKeys });

    // An expired key is refused and only listed until revoked: it leaves its place.
    await server.database.db
      .update(apiKey)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(apiKey.id, made[0]!.api_key.id));
    await createKey(browser, { name: 'After an expiry', scope: 'read' });
    expect((await browser.post('/api/account/api-keys', { name: 'Again too many', scope: 'read' })).status).toBe(409);

    expect((await browser.delete(`/api/account/api-keys/${made[1]!.api_key.id}`)).status).toBe(204);
    await createKey(browser, { name: 'After a revocation', scope: 'read' });
    const listed = (await readJson(await browser.get('/api/account/api-keys'))).api_keys as { expired: boolean }[];
    expect(listed.filter((key) => !key.expired)).toHaveLength(MAX_ACTIVE_API_KEYS);
    expect(listed).toHaveLength(MAX_ACTIVE_API_KEYS + 1);
  });

  it(`end at exactly ${MAX_ACTIVE_API_KEYS} when more are asked for at once`, async () => {
    const { browser } = await signUpVerifiedUser(server);
    const answers = await Promise.all(
      Array.from({ length: MAX_ACTIVE_API_KEYS + 5 }, (_, index) =>
        browser.post('/api/account/api-keys', { name: `Parallel ${index}`, scope: 'read' }),
      ),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(MAX_ACTIVE_API_KEYS);
    expect(statuses.filter((status) => status === 409)).toHaveLength(5);
    expect((await readJson(await browser.get('/api/account/api-keys'))).api_keys).toHaveLength(MAX_ACTIVE_API_KEYS);
  });

  it('cannot be revoked by another account', async () => {
    const owner = await signUpVerifiedUser(server);
    const { key, api_key: created } = await createKey(owner.browser, { name: 'Mine', scope: 'read' });
    const stranger = await signUpVerifiedUser(server);
    expect((await stranger.browser.delete(`/api/account/api-keys/${created.id}`)).status).toBe(404);
    expect((await withKey(key, 'GET', '/api/agents')).status).toBe(200);
  });

  it('are rate limited per key, with RateLimit headers and a 429 that says when to try again', async () => {
    const { browser } = await signUpVerifiedUser(server);
    const first = await createKey(browser, { name: 'Busy', scope: 'read' });
    const second = await createKey(browser, { name: 'Quiet', scope: 'read' });

    const answer = await withKey(first.key, 'GET', '/api/agents');
    const { requests, windowSeconds } = API_KEY_RATE_LIMIT;
    expect(answer.headers.get('ratelimit-policy')).toBe(`"api-key";q=${requests};w=${windowSeconds}`);
    expect(answer.headers.get('ratelimit')).toMatch(new RegExp(`^"api-key";r=${requests - 1};t=(\\d+)$`));

    // The rest of the window's allowance, used up as fast as a runaway loop would.
    for (let sent = 1; sent < requests; sent++) await withKey(first.key, 'GET', '/api/agents');
    const refused = await withKey(first.key, 'GET', '/api/agents');
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(windowSeconds);
    expect(refused.headers.get('ratelimit')).toBe(`"api-key";r=0;t=${retryAfter}`);
    expect(await readJson(refused)).toEqual({
      code: 'RATE_LIMITED',
      message: API_KEY_MESSAGES.rateLimited(retryAfter),
    });
    // Another key of the same account has its own allowance; the browser session has none of this.
    expect((await withKey(second.key, 'GET', '/api/agents')).status).toBe(200);
    expect((await browser.get('/api/agents')).headers.get('ratelimit')).toBeNull();

    // A new window starts once the old one is over.
    await server.database.db
      .update(apiKey)
      .set({ windowStart: new Date(Date.now() - windowSeconds * 1000) })
      .where(eq(apiKey.id, first.api_key.id));
    expect((await withKey(first.key, 'GET', '/api/agents')).status).toBe(200);
  });
});
