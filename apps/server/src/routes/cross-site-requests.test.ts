import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpVerifiedUser } from '../testing/accounts.ts';
import { agentForm, validAgent } from '../testing/fixtures.ts';
import { readJson, type HttpClient } from '../testing/http-client.ts';
import { startTestServer, type TestServer } from '../testing/start-test-server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const EVIL = 'https://evil.example';
const REFUSED =
  /^Refused a request (from https:\/\/evil\.example|from null|without an Origin header): changes are accepted only from Agentcast's own pages/;
const cookieOf = (browser: HttpClient) => [...browser.cookies].map(([name, value]) => `${name}=${value}`).join('; ');

/** What a page on another site can make the signed-in browser send: the cookie goes along, the headers are the browser's. */
const crossSite = (
  browser: HttpClient,
  method: string,
  path: string,
  init: { body?: RequestInit['body']; headers?: Record<string, string> } = {},
) =>
  fetch(new URL(path, server.url), {
    method,
    body: init.body,
    headers: { cookie: cookieOf(browser), origin: EVIL, 'sec-fetch-site': 'cross-site', ...init.headers },
  });

const expectRefused = async (response: Response) => {
  expect(response.status).toBe(403);
  const body = await readJson(response);
  expect(body.code).toBe('FORBIDDEN');
  expect(body.message).toMatch(REFUSED);
};

const agentsOf = async (browser: HttpClient) =>
  ((await readJson(await browser.get('/api/agents'))) as { agents: { id: string; name: string }[] }).agents;

describe('requests from another site', () => {
  it('cannot create, edit, trigger or delete an agent with the signed-in person’s cookie', async () => {
    const { browser } = await signUpVerifiedUser(server);
    const agent = await readJson(await browser.post('/api/agents', validAgent({ name: 'Mine' })));

    await expectRefused(
      await crossSite(browser, 'POST', '/api/agents', { body: agentForm(validAgent({ name: 'Planted' })) }),
    );
    await expectRefused(
      await crossSite(browser, 'PATCH', `/api/agents/${agent.id}`, { body: agentForm({ name: 'Defaced' }) }),
    );
    await expectRefused(
      await crossSite(browser, 'POST', `/api/agents/${agent.id}/trigger`, {
        body: '{}',
        headers: { 'content-type': 'text/plain' },
      }),
    );
    await expectRefused(await crossSite(browser, 'DELETE', `/api/agents/${agent.id}`));

    // Nothing changed: one agent, still named as its owner named it, and no run.
    expect((await agentsOf(browser)).map(({ name }) => name)).toEqual(['Mine']);
    const terminal = await readJson(await browser.get(`/api/terminal?agent_id=${agent.id}`));
    expect(terminal.messages).toEqual([]);
  });

  it('cannot ask for a wallet nonce, start an OAuth flow or sign in', async () => {
    const { browser, email, password } = await signUpVerifiedUser(server);
    await expectRefused(await crossSite(browser, 'POST', '/api/wallet/nonce'));
    await expectRefused(
      await crossSite(browser, 'POST', '/api/oauth/start', {
        body: '{"platform":"linkedin"}',
        headers: { 'content-type': 'application/json' },
      }),
    );
    await expectRefused(
      await crossSite(browser, 'POST', '/api/auth/sign-in/email', {
        body: JSON.stringify({ email, password }),
        headers: { 'content-type': 'application/json' },
      }),
    );
  });

  it('refuses a missing or "null" Origin, and a cross-site Sec-Fetch-Site even beside our Origin', async () => {
    const { browser } = await signUpVerifiedUser(server);
    const json = { 'content-type': 'application/json' };
    const noOrigin = await fetch(new URL('/api/wallet/nonce', server.url), {
      method: 'POST',
      headers: { cookie: cookieOf(browser), ...json },
    });
    await expectRefused(noOrigin);
    await expectRefused(await crossSite(browser, 'POST', '/api/wallet/nonce', { headers: { origin: 'null' } }));
    const forgedOrigin = await crossSite(browser, 'POST', '/api/wallet/nonce', {
      headers: { origin: server.url, 'sec-fetch-site': 'same-site' },
    });
    expect(forgedOrigin.status).toBe(403);
  });

  it('lets the app’s own pages through, and lets anyone read (reading needs CORS, which is not granted)', async () => {
    const { browser } = await signUpVerifiedUser(server);
    const sameOrigin = await browser.post('/api/wallet/nonce', undefined, { 'sec-fetch-site': 'same-origin' });
    expect(sameOrigin.status).toBe(201);
    const read = await crossSite(browser, 'GET', '/api/agents');
    expect(read.status).toBe(200);
    expect(read.headers.get('access-control-allow-origin')).toBeNull();
  });
});
