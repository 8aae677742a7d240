import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  OAUTH_CALLBACK_MESSAGES,
  oauthCallbackPath,
  type ConnectionsOverview,
  type OAuthStartAnswer,
} from '@agentcast/contracts/connections';
import { oauthFlow, platformConnection } from '@agentcast/db/schema/connections';
import { signUpVerifiedUser } from '../testing/accounts.ts';
import { connectPlatform } from '../testing/connect-platform.ts';
import { readJson, type HttpClient } from '../testing/http-client.ts';
import { decideAtProvider, startOAuthFakes, type OAuthFakes } from '../testing/oauth-fakes.ts';
import { startTestServer, type TestServer } from '../testing/start-test-server.ts';

let fakes: OAuthFakes;
let server: TestServer;
let owner: HttpClient;
let stranger: HttpClient;
beforeAll(async () => {
  fakes = await startOAuthFakes();
  server = await startTestServer({ oauth: fakes.config });
  owner = (await signUpVerifiedUser(server)).browser;
  stranger = (await signUpVerifiedUser(server)).browser;
});
afterAll(async () => {
  await server.close();
  await fakes.close();
});

const callbackOf = (platform: 'linkedin' | 'x' | 'youtube' | 'instagram') =>
  `${server.url}${oauthCallbackPath(platform)}`;
const start = async (browser: HttpClient, body: Record<string, unknown>) => browser.post('/api/oauth/start', body);
const startFlow = async (browser: HttpClient, platform: 'linkedin' | 'x' | 'youtube' | 'instagram', extra = {}) => {
  const response = await start(browser, { platform, redirect_uri: callbackOf(platform), ...extra });
  expect(response.status).toBe(200);
  return (await readJson(response)) as OAuthStartAnswer;
};
const exchange = (browser: HttpClient, body: Record<string, unknown>) => browser.post('/api/oauth/exchange', body);
const overview = async (browser: HttpClient, query = '') =>
  (await readJson(await browser.get(`/api/connections${query}`))) as ConnectionsOverview;
const everyIssuedToken = () =>
  [fakes.linkedin, fakes.x, fakes.youtube, fakes.instagram].flatMap((fake) => fake.issuedTokens());

describe('connecting a platform from the agent builder', () => {
  it('LinkedIn: sends the spec scopes without PKCE, exchanges the code with the client secret, stores urn:li:person:{sub}', async () => {
    const {
      start: started,
      authorizationUrl,
      exchange: answer,
      answers,
    } = await connectPlatform(server, owner, 'linkedin');

    expect(`${authorizationUrl.origin}${authorizationUrl.pathname}`).toBe(
      `${fakes.linkedin.baseUrl}/oauth/v2/authorization`,
    );
    expect(Object.fromEntries(authorizationUrl.searchParams)).toEqual({
      response_type: 'code',
      client_id: fakes.linkedin.clientId,
      redirect_uri: callbackOf('linkedin'),
      state: started.state,
      scope: 'openid profile email w_member_social',
    });
    expect(authorizationUrl.search).toContain('scope=openid%20profile%20email%20w_member_social');
    const tokenRequest = fakes.linkedin.requests.find((request) => request.path === '/oauth/v2/accessToken');
    expect(tokenRequest?.form).toEqual({
      grant_type: 'authorization_code',
      code: expect.stringMatching(/^linkedin-code-/),
      redirect_uri: callbackOf('linkedin'),
      client_id: fakes.linkedin.clientId,
      client_secret: fakes.linkedin.clientSecret,
    });
    expect(answer).toEqual({
      success: true,
      agent_name: null,
      connection: expect.objectContaining({
        platform: 'linkedin',
        agent_id: null,
        pending: false,
        account_id: 'urn:li:person:yrZCpj2Z12',
        display_name: 'Ada Lovelace',
        handle: 'ada@example.com',
        scopes: ['email', 'openid', 'profile', 'w_member_social'],
      }),
    });
    expect((await overview(owner)).connections).toEqual([answer.connection]);
    for (const text of [...answers, JSON.stringify(await overview(owner))]) {
      for (const token of everyIssuedToken()) expect(text).not.toContain(token);
    }
  });

  it('X: uses PKCE (S256) and HTTP Basic client authentication, and reads the X user id', async () => {
    const { authorizationUrl, exchange: answer } = await connectPlatform(server, owner, 'x');

    expect(`${authorizationUrl.origin}${authorizationUrl.pathname}`).toBe(`${fakes.x.baseUrl}/i/oauth2/authorize`);
    const params = Object.fromEntries(authorizationUrl.searchParams);
    expect(params).toMatchObject({
      response_type: 'code',
      client_id: fakes.x.clientId,
      redirect_uri: callbackOf('x'),
      scope: 'tweet.read tweet.write users.read offline.access media.write',
      code_challenge_method: 'S256',
    });
    const tokenRequest = fakes.x.requests.find((request) => request.path === '/2/oauth2/token');
    expect(tokenRequest?.authorization).toBe(
      `Basic ${Buffer.from(`${fakes.x.clientId}:${fakes.x.clientSecret}`).toString('base64')}`,
    );
    expect(tokenRequest?.form).toEqual({
      grant_type: 'authorization_code',
      code: expect.stringMatching(/^x-code-/),
      redirect_uri: callbackOf('x'),
      code_verifier: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
    });
    expect(
      createHash('sha256')
        .update(tokenRequest?.form.code_verifier ?? '')
        .digest('base64url'),
    ).toBe(params.code_challenge);
    expect(answer.connection).toMatchObject({
      platform: 'x',
      account_id: '1460000000000000001',
      handle: 'ada_agentcast',
      display_name: 'Ada Lovelace',
    });
  });

  it('YouTube: asks Google for offline access with forced consent and stores the channel id', async () => {
    const { authorizationUrl, exchange: answer } = await connectPlatform(server, owner, 'youtube');

    expect(Object.fromEntries(authorizationUrl.searchParams)).toMatchObject({
      response_type: 'code',
      scope: 'https://www.googleapis.com/auth/youtube.upload https://www.googleapis.com/auth/youtube',
      access_type: 'offline',
      prompt: 'consent',
      code_challenge_method: 'S256',
    });
    expect(fakes.youtube.requests.find((request) => request.path === '/token')?.form).toMatchObject({
      grant_type: 'authorization_code',
      client_id: fakes.youtube.clientId,
      client_secret: fakes.youtube.clientSecret,
      code_verifier: expect.any(String),
    });
    expect(answer.connection).toMatchObject({
      platform: 'youtube',
      account_id: 'UC_x5XG1OV2P6uZZ5FSM9Ttw',
      display_name: 'Ada Lovelace Channel',
    });
  });

  it('Instagram: uses Instagram Login scopes, trades the short-lived token for a long-lived one, keeps the id exact', async () => {
    const { authorizationUrl, exchange: answer } = await connectPlatform(server, owner, 'instagram');

    expect(authorizationUrl.searchParams.get('scope')).toBe(
      'instagram_business_basic,instagram_business_content_publish,instagram_business_manage_insights',
    );
    expect(authorizationUrl.searchParams.has('code_challenge')).toBe(false);
    const exchangeRequest = fakes.instagram.requests.find((request) => request.path === '/access_token');
    expect(exchangeRequest?.query).toEqual({
      grant_type: 'ig_exchange_token',
      client_secret: fakes.instagram.clientSecret,
      access_token: expect.stringMatching(/^instagram-short-/),
    });
    expect(answer.connection).toMatchObject({
      platform: 'instagram',
      account_id: '17841405793187218',
      handle: 'ada.creates',
    });
    const [row] = await server.database.db
      .select()
      .from(platformConnection)
      .where(eq(platformConnection.id, answer.connection.id));
    expect(server.services.domains.connections.secretBox.open(row?.accessTokenSealed ?? '')).toMatch(
      /^instagram-access-/,
    );
    expect(row?.expiresAt?.getTime()).toBeGreaterThan(Date.now() + 59 * 24 * 3600 * 1000);
  });

  it('keeps the tokens sealed at rest and out of the log', async () => {
    const rows = await server.database.db.select().from(platformConnection);
    expect(rows.length).toBeGreaterThan(0);
    const stored = JSON.stringify(rows);
    for (const token of everyIssuedToken()) {
      expect(stored).not.toContain(token);
      expect(server.rawLog()).not.toContain(token);
    }
    expect(rows.every((row) => row.accessTokenSealed.startsWith('v1.'))).toBe(true);
  });

  it('replaces the connection when the same platform is connected again (one per user and platform)', async () => {
    fakes.linkedin.account = { ...fakes.linkedin.account, id: 'otherMember', name: 'Grace Hopper' };
    try {
      await connectPlatform(server, owner, 'linkedin');
    } finally {
      fakes.linkedin.account = { ...fakes.linkedin.account, id: 'yrZCpj2Z12', name: 'Ada Lovelace' };
    }
    const linkedin = (await overview(owner)).connections.filter((connection) => connection.platform === 'linkedin');
    expect(linkedin).toHaveLength(1);
    expect(linkedin[0]).toMatchObject({ account_id: 'urn:li:person:otherMember', display_name: 'Grace Hopper' });
  });

  it('says which platforms this server can connect', async () => {
    expect((await overview(owner)).platforms).toEqual([
      { platform: 'linkedin', configured: true },
      { platform: 'instagram', configured: true },
      { platform: 'youtube', configured: true },
      { platform: 'x', configured: true },
      { platform: 'threads', configured: true },
      { platform: 'facebook', configured: true },
      { platform: 'tiktok', configured: true, posts_private: true }, // not audited: private posts
      // Registers itself on each person's instance: nothing for the operator to set up.
      { platform: 'mastodon', configured: true },
      // Connected with the account's own credentials: nothing for the operator to set up.
      { platform: 'bluesky', configured: true },
      { platform: 'telegram', configured: true },
      { platform: 'discord', configured: true },
      // Needs the operator's Neynar key.
      { platform: 'farcaster', configured: false },
    ]);
  });
});

describe('the server half of the state check', () => {
  it('accepts a state once: the second exchange is refused', async () => {
    const started = await startFlow(owner, 'x');
    const callback = await decideAtProvider(started.url);
    const body = {
      platform: 'x',
      code: callback.searchParams.get('code'),
      state: started.state,
      redirect_uri: callbackOf('x'),
    };
    expect((await exchange(owner, body)).status).toBe(200);

    const again = await exchange(owner, body);
    expect(again.status).toBe(400);
    expect(await readJson(again)).toMatchObject({
      message: OAUTH_CALLBACK_MESSAGES.invalidState,
      fieldErrors: { state: [expect.any(String)] },
    });
  });

  it('refuses a forged state, and another user’s state without spending it', async () => {
    const forged = await exchange(owner, {
      platform: 'linkedin',
      code: 'whatever',
      state: 'forged-state',
      redirect_uri: callbackOf('linkedin'),
    });
    expect(forged.status).toBe(400);
    expect((await readJson(forged)).message).toBe(OAUTH_CALLBACK_MESSAGES.invalidState);

    const started = await startFlow(owner, 'linkedin');
    const callback = await decideAtProvider(started.url);
    const body = {
      platform: 'linkedin',
      code: callback.searchParams.get('code'),
      state: started.state,
      redirect_uri: callbackOf('linkedin'),
    };
    const stolen = await exchange(stranger, body);
    expect(stolen.status).toBe(400);
    expect((await readJson(stolen)).message).toBe(OAUTH_CALLBACK_MESSAGES.invalidState);
    expect((await overview(stranger)).connections).toEqual([]);
    expect((await exchange(owner, body)).status).toBe(200);
  });

  it('refuses a state started for another platform, or expired', async () => {
    const started = await startFlow(owner, 'youtube');
    const wrongPlatform = await exchange(owner, {
      platform: 'x',
      code: 'c',
      state: started.state,
      redirect_uri: callbackOf('x'),
    });
    expect((await readJson(wrongPlatform)).message).toBe(OAUTH_CALLBACK_MESSAGES.invalidState);

    await server.database.db
      .update(oauthFlow)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(oauthFlow.state, started.state));
    const expired = await exchange(owner, {
      platform: 'youtube',
      code: 'c',
      state: started.state,
      redirect_uri: callbackOf('youtube'),
    });
    expect((await readJson(expired)).message).toBe(OAUTH_CALLBACK_MESSAGES.invalidState);
  });

  it('wants the exact callback of this server, at start and at exchange', async () => {
    const elsewhere = await start(owner, {
      platform: 'linkedin',
      redirect_uri: 'https://evil.example/auth/linkedin/callback',
    });
    expect(elsewhere.status).toBe(400);
    expect((await readJson(elsewhere)).fieldErrors.redirect_uri[0]).toBe(
      `redirect_uri must be ${callbackOf('linkedin')}: open the app at ${server.url} to connect accounts.`,
    );

    const started = await startFlow(owner, 'linkedin');
    const callback = await decideAtProvider(started.url);
    const mismatch = await exchange(owner, {
      platform: 'linkedin',
      code: callback.searchParams.get('code'),
      state: started.state,
      redirect_uri: `${callbackOf('linkedin')}?x=1`,
    });
    expect(mismatch.status).toBe(400);
    expect((await readJson(mismatch)).message).toBe(
      'redirect_uri differs from the one this connection was started with.',
    );
  });

  it('reports a code the provider refuses as a failed exchange, with the provider’s reason', async () => {
    const started = await startFlow(owner, 'linkedin');
    const callback = await decideAtProvider(started.url);
    fakes.linkedin.failNextTokenRequest({
      status: 400,
      error: 'invalid_request',
      description:
        'Unable to retrieve access token: appid/redirect uri/code verifier does not match authorization code',
    });
    const refused = await exchange(owner, {
      platform: 'linkedin',
      code: callback.searchParams.get('code'),
      state: started.state,
      redirect_uri: callbackOf('linkedin'),
    });
    expect(refused.status).toBe(502);
    expect((await readJson(refused)).message).toBe(
      `${OAUTH_CALLBACK_MESSAGES.exchangeFailed}: LinkedIn answered 400: Unable to retrieve access token: appid/redirect uri/code verifier does not match authorization code`,
    );
  });

  it('validates the bodies with clear messages and needs a session', async () => {
    const bad = await start(owner, { platform: 'myspace', redirect_uri: '' });
    expect(bad.status).toBe(400);
    expect((await readJson(bad)).fieldErrors).toMatchObject({
      platform: [expect.stringContaining('linkedin, instagram, youtube, x')],
      redirect_uri: ['redirect_uri is required'],
    });
    const noCode = await exchange(owner, { platform: 'x', state: 's', redirect_uri: callbackOf('x') });
    expect((await readJson(noCode)).fieldErrors.code).toEqual([OAUTH_CALLBACK_MESSAGES.noCode]);

    const anonymous = (await import('../testing/accounts.ts')).newBrowser(server);
    expect((await anonymous.post('/api/oauth/start', { platform: 'x', redirect_uri: callbackOf('x') })).status).toBe(
      401,
    );
    expect(
      (
        await anonymous.post('/api/oauth/exchange', {
          platform: 'x',
          code: 'c',
          state: 's',
          redirect_uri: callbackOf('x'),
        })
      ).status,
    ).toBe(401);
    expect((await anonymous.get('/api/connections')).status).toBe(401);
  });
});

describe('disconnecting', () => {
  it('deletes the connection and revokes it at the provider', async () => {
    const { exchange: answer } = await connectPlatform(server, stranger, 'x');
    const [row] = await server.database.db
      .select()
      .from(platformConnection)
      .where(eq(platformConnection.id, answer.connection.id));
    const refreshToken = server.services.domains.connections.secretBox.open(row?.refreshTokenSealed ?? '');

    const response = await stranger.delete(`/api/connections/${answer.connection.id}`);
    expect(await readJson(response)).toEqual({ success: true, revoked: true });
    expect((await overview(stranger)).connections).toEqual([]);
    const revocations = fakes.x.requests.filter((request) => request.path === '/2/oauth2/revoke');
    expect(revocations.at(-2)?.form).toEqual({ token: refreshToken, token_type_hint: 'refresh_token' });
    expect(fakes.x.revokedTokens()).toContain(refreshToken);
  });

  it('still disconnects where the provider offers no revocation (Instagram)', async () => {
    const { exchange: answer } = await connectPlatform(server, stranger, 'instagram');
    expect(await readJson(await stranger.delete(`/api/connections/${answer.connection.id}`))).toEqual({
      success: true,
      revoked: false,
    });
    expect((await overview(stranger)).connections).toEqual([]);
  });

  it('lets nobody else remove a connection, or see it', async () => {
    const mine = (await overview(owner)).connections[0];
    expect(mine).toBeDefined();
    const attempt = await stranger.delete(`/api/connections/${mine?.id}`);
    expect(attempt.status).toBe(404);
    expect((await readJson(attempt)).message).toBe('Connection not found');
    expect((await stranger.delete('/api/connections/not-a-uuid')).status).toBe(404);
    expect((await overview(owner)).connections.map((connection) => connection.id)).toContain(mine?.id);
    expect(JSON.stringify(await overview(stranger))).not.toContain(mine?.id);
  });
});
