import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  MASTODON_ROUTES,
  startMastodonApiFake,
  type MastodonApiFake,
  type MastodonFakeAccount,
} from '@agentcast/test-fakes/mastodon-api-fake';
import {
  exchangeMastodonCode,
  mastodonAuthorizationUrl,
  readMastodonAccount,
  registerMastodonApp,
  revokeMastodonToken,
} from './mastodon-oauth-client.ts';
import { OAuthProviderError } from './oauth-provider.ts';

const SCOPES = ['read:accounts', 'read:statuses', 'read:notifications', 'write:statuses', 'write:media'];
const REDIRECT_URI = 'https://agentcast.example/auth/mastodon/callback';

let fake: MastodonApiFake;
let account: MastodonFakeAccount;

beforeAll(async () => {
  fake = await startMastodonApiFake({ instanceName: 'social.example' });
});
afterAll(() => fake.close());
beforeEach(() => {
  account = fake.addAccount({ username: `reader${Math.random().toString(36).slice(2, 8)}` });
});

describe('Mastodon’s OAuth calls', () => {
  const timeoutMs = 2000;

  it('registers the app, sends the person to authorize it, and trades the code for the account’s token', async () => {
    const app = await registerMastodonApp({
      instanceUrl: fake.baseUrl,
      redirectUri: REDIRECT_URI,
      scopes: SCOPES,
      clientName: 'Agentcast',
      website: 'https://agentcast.example',
      timeoutMs,
    });
    expect(fake.apps.at(-1)).toEqual({
      ...app,
      name: 'Agentcast',
      redirectUris: [REDIRECT_URI],
      scopes: SCOPES,
      website: 'https://agentcast.example',
    });

    const url = mastodonAuthorizationUrl({
      instanceUrl: `${fake.baseUrl}/`,
      clientId: app.clientId,
      redirectUri: REDIRECT_URI,
      scopes: SCOPES,
      state: 'st-1',
    });
    expect(url).toBe(
      `${fake.baseUrl}/oauth/authorize?response_type=code&client_id=${encodeURIComponent(app.clientId)}&redirect_uri=${encodeURIComponent(REDIRECT_URI)}&scope=read%3Aaccounts%20read%3Astatuses%20read%3Anotifications%20write%3Astatuses%20write%3Amedia&state=st-1`,
    );

    // The person's browser: the page, then its Authorize button (a GET form), then the redirect back.
    fake.signIn(account.id);
    const page = await (await fetch(url)).text();
    expect(page).toContain('>Authorize</button>');
    expect(page).toContain('>Deny</button>');
    const request = /name="request" value="([^"]+)"/.exec(page)?.[1] ?? '';
    const decision = await fetch(`${fake.baseUrl}/oauth/authorize/decision?request=${request}&decision=authorize`, {
      redirect: 'manual',
    });
    const back = new URL(decision.headers.get('location') ?? '');
    expect(`${back.origin}${back.pathname}`).toBe(REDIRECT_URI);
    expect(back.searchParams.get('state')).toBe('st-1');
    const code = back.searchParams.get('code') ?? '';

    const token = await exchangeMastodonCode({
      instanceUrl: fake.baseUrl,
      ...app,
      code,
      redirectUri: REDIRECT_URI,
      scopes: SCOPES,
      timeoutMs,
    });
    const exchange = fake.requestsTo(MASTODON_ROUTES.token).at(-1);
    expect(exchange?.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(Object.fromEntries(new URLSearchParams(exchange?.body.toString()))).toEqual({
      grant_type: 'authorization_code',
      code,
      client_id: app.clientId,
      client_secret: app.clientSecret,
      redirect_uri: REDIRECT_URI,
      scope: SCOPES.join(' '),
    });

    expect(await readMastodonAccount({ instanceUrl: fake.baseUrl, accessToken: token, timeoutMs })).toEqual({
      id: account.id,
      username: account.username,
      acct: account.username,
      displayName: account.username,
      url: `${fake.baseUrl}/@${account.username}`,
    });
    expect(fake.requestsTo(MASTODON_ROUTES.verifyCredentials).at(-1)?.headers.authorization).toBe(`Bearer ${token}`);

    await revokeMastodonToken({ instanceUrl: fake.baseUrl, ...app, token, timeoutMs });
    expect(fake.revokedTokens).toContain(token);
    const refused = await readMastodonAccount({ instanceUrl: fake.baseUrl, accessToken: token, timeoutMs }).catch(
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(OAuthProviderError);
    expect(refused).toMatchObject({ kind: 'rejected' });
  });

  it('sends a denial back as error=access_denied', async () => {
    const app = await registerMastodonApp({
      instanceUrl: fake.baseUrl,
      redirectUri: REDIRECT_URI,
      scopes: SCOPES,
      clientName: 'Agentcast',
      timeoutMs,
    });
    const url = mastodonAuthorizationUrl({
      instanceUrl: fake.baseUrl,
      clientId: app.clientId,
      redirectUri: REDIRECT_URI,
      scopes: SCOPES,
      state: 'st-2',
    });
    const request = /name="request" value="([^"]+)"/.exec(await (await fetch(url)).text())?.[1] ?? '';
    const decision = await fetch(`${fake.baseUrl}/oauth/authorize/decision?request=${request}&decision=deny`, {
      redirect: 'manual',
    });
    const back = new URL(decision.headers.get('location') ?? '');
    expect([back.searchParams.get('error'), back.searchParams.get('state'), back.searchParams.get('code')]).toEqual([
      'access_denied',
      'st-2',
      null,
    ]);
  });

  it('is rejected when the instance refuses the code, with its error code', async () => {
    const app = await registerMastodonApp({
      instanceUrl: fake.baseUrl,
      redirectUri: REDIRECT_URI,
      scopes: SCOPES,
      clientName: 'Agentcast',
      timeoutMs,
    });
    const error = await exchangeMastodonCode({
      instanceUrl: fake.baseUrl,
      ...app,
      code: 'used-or-made-up',
      redirectUri: REDIRECT_URI,
      scopes: SCOPES,
      timeoutMs,
    }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(OAuthProviderError);
    expect(error).toMatchObject({ kind: 'rejected', providerCode: 'invalid_grant' });
    expect((error as Error).message).toMatch(
      /^Mastodon \(127\.0\.0\.1:\d+\) answered 400: The provided authorization grant is invalid/,
    );
  });

  it('is unavailable when the instance cannot be reached', async () => {
    const error = await registerMastodonApp({
      instanceUrl: 'http://127.0.0.1:9',
      redirectUri: REDIRECT_URI,
      scopes: SCOPES,
      clientName: 'Agentcast',
      timeoutMs,
    }).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ kind: 'unavailable' });
  });
});
