import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  MASTODON_ROUTES,
  startMastodonApiFake,
  type MastodonApiFake,
  type MastodonFakeAccount,
} from '@agentcast/test-fakes/mastodon-api-fake';
import { OAuthProviderError } from '../../oauth/oauth-provider.ts';
import type { PlatformCredentials } from '../common/platform.ts';
import { readMastodonInstance } from './mastodon-instance.ts';
import {
  exchangeMastodonCode,
  mastodonAuthorizationUrl,
  readMastodonAccount,
  registerMastodonApp,
  revokeMastodonToken,
} from './mastodon-oauth-client.ts';
import { createMastodonPlatform } from './mastodon-platform.ts';

const SCOPES = ['read:accounts', 'read:statuses', 'read:notifications', 'write:statuses', 'write:media'];
const REDIRECT_URI = 'https://agentcast.example/api/connections/mastodon/callback';

let fake: MastodonApiFake;
let account: MastodonFakeAccount;
let credentials: PlatformCredentials;

beforeAll(async () => {
  fake = await startMastodonApiFake({ instanceName: 'social.example' });
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.settings.batchStatuses = true;
  account = fake.addAccount({ username: `reader${Math.random().toString(36).slice(2, 8)}` });
  credentials = { accessToken: account.token, accountId: account.id, serviceUrl: fake.baseUrl };
});

const mastodon = () => createMastodonPlatform({ timeoutMs: 2000, mediaPollIntervalMs: 0 });
const publishThree = async () => {
  const platform = mastodon();
  const posts = [];
  for (const text of ['One', 'Two', 'Three']) posts.push(await platform.publish(credentials, { text }));
  const counts = [
    { favourites: 5, reblogs: 2, replies: 1 },
    { favourites: 0, reblogs: 0, replies: 0 },
    { favourites: 12, reblogs: 7, replies: 3 },
  ];
  posts.forEach((post, index) => {
    const status = fake.statuses.find((each) => each.id === post.postId);
    if (status) status.counts = counts[index] ?? status.counts;
  });
  return posts.map((post) => post.postId);
};

describe('reading Mastodon metrics', () => {
  it('reads a batch in one request by id[], favourites as likes and boosts as reposts; a deleted post is absent', async () => {
    const [one = '', two = '', three = ''] = await publishThree();
    await mastodon().deletePost(credentials, two);
    const metrics = await mastodon().readMetrics?.(credentials, [one, two, three]);

    expect(metrics).toEqual(
      new Map([
        [one, { likes: 5, reposts: 2, replies: 1 }],
        [three, { likes: 12, reposts: 7, replies: 3 }],
      ]),
    );
    const reads = fake.requestsTo(MASTODON_ROUTES.statuses);
    expect(reads.at(-1)?.url).toBe(`/api/v1/statuses?id%5B%5D=${one}&id%5B%5D=${two}&id%5B%5D=${three}`);
    expect(fake.requestsTo(MASTODON_ROUTES.status)).toHaveLength(0);
    expect(mastodon().metricsReading).toEqual({
      batchSize: 20,
      limit: { requests: 5, windowMs: 300_000, per: 'account' },
    });
  });

  it('reads each post alone on an instance before 4.3, which answers the batch route 404', async () => {
    const ids = await publishThree();
    fake.settings.batchStatuses = false;
    const before = fake.requestsTo(MASTODON_ROUTES.status).length;
    const metrics = await mastodon().readMetrics?.(credentials, [...ids, '999999']);

    expect([...(metrics?.keys() ?? [])]).toEqual(ids);
    expect(metrics?.get(ids[2] ?? '')).toEqual({ likes: 12, reposts: 7, replies: 3 });
    const singles = fake.requestsTo(MASTODON_ROUTES.status).slice(before);
    expect(singles.map((request) => request.path)).toEqual([...ids, '999999'].map((id) => `/api/v1/statuses/${id}`));
  });
});

describe('an instance’s limits', () => {
  it('reads max_characters, the characters per link and the media limits from /api/v2/instance', async () => {
    fake.settings.maxCharacters = 5000;
    const instance = await readMastodonInstance({ instanceUrl: fake.baseUrl, timeoutMs: 2000 });
    expect(instance).toMatchObject({
      host: new URL(fake.baseUrl).host,
      maxCharacters: 5000,
      charactersReservedPerUrl: 23,
      maxMediaAttachments: 4,
      imageSizeLimit: 16 * 1024 * 1024,
      descriptionLimit: 1500,
    });
    fake.settings.maxCharacters = 500;
  });
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
