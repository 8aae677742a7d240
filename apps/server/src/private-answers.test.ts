import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreatedApiKey } from '@agentcast/contracts/api-keys';
import { signUpVerifiedUser } from './testing/accounts.ts';
import { readJson } from './testing/http-client.ts';
import { startTestServer, type TestServer } from './testing/start-test-server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const withKey = (key: string, path: string) =>
  fetch(new URL(path, server.url), { headers: { authorization: `Bearer ${key}` } });

describe('answers to a signed-in person or a key', () => {
  it('are never stored by a cache, the agents list included; public answers keep their own caching', async () => {
    const { browser } = await signUpVerifiedUser(server);
    const created = await browser.post('/api/account/api-keys', { name: 'cache test', scope: 'read' });
    const { key } = (await readJson(created)) as CreatedApiKey;
    expect(created.headers.get('cache-control')).toBe('no-store');

    for (const path of ['/api/agents', '/api/auth/get-session', '/api/account/settings', '/api/usage', '/api/drafts'])
      expect((await browser.get(path)).headers.get('cache-control'), path).toBe('no-store');
    const listedWithKey = await withKey(key, '/api/agents');
    expect(listedWithKey.status).toBe(200);
    expect(listedWithKey.headers.get('cache-control')).toBe('no-store');
    // A program that kept the ETag still gets its 304.
    const revalidated = await withKey(key, '/api/agents').then((first) =>
      fetch(new URL('/api/agents', server.url), {
        headers: { authorization: `Bearer ${key}`, 'if-none-match': first.headers.get('etag') ?? '' },
      }),
    );
    expect(revalidated.status).toBe(304);

    expect((await fetch(new URL('/api/health', server.url))).headers.get('cache-control')).not.toBe('no-store');
    expect((await fetch(new URL('/api/openapi.json', server.url))).headers.get('cache-control')).toMatch(/public/);
  });

  it('are logged with the user id, and the key id when a key made them, never the key', async () => {
    const { browser } = await signUpVerifiedUser(server);
    const session = await readJson(await browser.get('/api/auth/get-session'));
    const { key, api_key: apiKey } = (await readJson(
      await browser.post('/api/account/api-keys', { name: 'log test', scope: 'read' }),
    )) as CreatedApiKey;

    await browser.get('/api/account/settings');
    await withKey(key, '/api/usage');

    const requests = server.logs().filter((line) => line.msg === 'Request');
    const bySession = requests.find((line) => line.path === '/api/account/settings' && line.userId === session.user.id);
    expect(bySession).toBeDefined();
    expect(bySession).not.toHaveProperty('keyId');
    expect(requests).toContainEqual(
      expect.objectContaining({
        path: '/api/usage',
        userId: session.user.id,
        workspaceId: session.user.id,
        keyId: apiKey.id,
      }),
    );
    expect(server.rawLog()).not.toContain(key);
  });
});
