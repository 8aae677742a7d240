import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Agent } from '@agentcast/contracts/agents';
import { getPlatformAccess } from '@agentcast/core/domains/connections/get-platform-access';
import { PlatformAccessError } from '@agentcast/core/domains/connections/platform-access-error';
import { platformConnection } from '@agentcast/db/schema/connections';
import { signUpVerifiedUser } from '../testing/accounts.ts';
import { connectPlatform } from '../testing/connect-platform.ts';
import { validAgent } from '../testing/fixtures.ts';
import { readJson, type HttpClient } from '../testing/http-client.ts';
import { startOAuthFakes, type OAuthFakes } from '../testing/oauth-fakes.ts';
import { startTestServer, type TestServer } from '../testing/start-test-server.ts';

// getPlatformAccess is what publishing calls before posting: these tests drive it against the fake providers.
let fakes: OAuthFakes;
let server: TestServer;
let services: Parameters<typeof getPlatformAccess>[0];
beforeAll(async () => {
  fakes = await startOAuthFakes();
  server = await startTestServer({ oauth: fakes.config });
  services = {
    db: server.database.db,
    secretBox: server.services.domains.connections.secretBox,
    oauthProviders: server.services.oauthProviders,
    credentialSignIns: server.services.domains.connections.credentialSignIns,
    logger: pino({ level: 'silent' }),
  };
});
afterAll(async () => {
  await server.close();
  await fakes.close();
});

const newUserWithAgent = async () => {
  const { browser } = await signUpVerifiedUser(server);
  const agent = (await readJson(await browser.post('/api/agents', validAgent()))) as Agent;
  return { browser, agent, workspaceId: agent.user_id };
};
const storedRow = async (id: string) =>
  (await server.database.db.select().from(platformConnection).where(eq(platformConnection.id, id)))[0];
const tokenGrants = (grant: string) =>
  fakes.x.requests.filter((request) => request.path === '/2/oauth2/token' && request.form.grant_type === grant);

/** Connects X with access tokens that expire within the refresh margin, so the next use renews them. */
const connectXExpiringSoon = async (browser: HttpClient, options: { agentId?: string } = {}) => {
  fakes.x.accessTokenLifetimeSeconds = 60;
  try {
    return await connectPlatform(server, browser, 'x', options);
  } finally {
    fakes.x.accessTokenLifetimeSeconds = 7200;
  }
};

describe('getPlatformAccess', () => {
  it('is null without a connection, and for an agent that is not the user’s', async () => {
    const { agent, workspaceId } = await newUserWithAgent();
    const other = await newUserWithAgent();
    await connectPlatform(server, other.browser, 'x');

    expect(await getPlatformAccess(services, { workspaceId, agentId: agent.id, platform: 'x' })).toBeNull();
    expect(await getPlatformAccess(services, { workspaceId, agentId: other.agent.id, platform: 'x' })).toBeNull();
    expect(
      await getPlatformAccess(services, { workspaceId: other.workspaceId, agentId: agent.id, platform: 'x' }),
    ).toBeNull();
    expect(await getPlatformAccess(services, { workspaceId, agentId: 'not-a-uuid', platform: 'x' })).toBeNull();
  });

  it('prefers the agent’s own connection to the user’s agent-builder one', async () => {
    const { browser, agent, workspaceId } = await newUserWithAgent();
    const own = await connectPlatform(server, browser, 'linkedin');

    const fromUser = await getPlatformAccess(services, { workspaceId, agentId: agent.id, platform: 'linkedin' });
    expect(fromUser).toMatchObject({
      source: 'user',
      connectionId: own.exchange.connection.id,
      accountId: 'urn:li:person:yrZCpj2Z12',
    });
    expect(fakes.linkedin.issuedTokens()).toContain(fromUser?.accessToken);

    fakes.linkedin.account = { ...fakes.linkedin.account, id: 'agentMember' };
    const agentOwn = await connectPlatform(server, browser, 'linkedin', { agentId: agent.id });
    fakes.linkedin.account = { ...fakes.linkedin.account, id: 'yrZCpj2Z12' };
    const fromAgent = await getPlatformAccess(services, { workspaceId, agentId: agent.id, platform: 'linkedin' });
    expect(fromAgent).toMatchObject({
      source: 'agent',
      connectionId: agentOwn.exchange.connection.id,
      accountId: 'urn:li:person:agentMember',
    });
    expect(fromAgent?.accessToken).not.toBe(fromUser?.accessToken);
  });

  it('renews an access about to expire with the refresh token, storing the rotated one', async () => {
    const { browser, agent, workspaceId } = await newUserWithAgent();
    const { exchange } = await connectXExpiringSoon(browser, { agentId: agent.id });
    const before = await storedRow(exchange.connection.id);
    const firstRefreshToken = services.secretBox.open(before?.refreshTokenSealed ?? '');
    const refreshesBefore = tokenGrants('refresh_token').length;

    const access = await getPlatformAccess(services, { workspaceId, agentId: agent.id, platform: 'x' });
    expect(tokenGrants('refresh_token')).toHaveLength(refreshesBefore + 1);
    expect(tokenGrants('refresh_token').at(-1)?.form).toEqual({
      grant_type: 'refresh_token',
      refresh_token: firstRefreshToken,
    });
    expect(access?.accessToken).not.toBe(services.secretBox.open(before?.accessTokenSealed ?? ''));
    expect(access?.expiresAt?.getTime()).toBeGreaterThan(Date.now() + 3600_000);
    const after = await storedRow(exchange.connection.id);
    expect(services.secretBox.open(after?.accessTokenSealed ?? '')).toBe(access?.accessToken);
    expect(services.secretBox.open(after?.refreshTokenSealed ?? '')).not.toBe(firstRefreshToken);

    // Now valid for two hours: no further refresh.
    await getPlatformAccess(services, { workspaceId, agentId: agent.id, platform: 'x' });
    expect(tokenGrants('refresh_token')).toHaveLength(refreshesBefore + 1);
  });

  it('spends a single-use refresh token once when several callers need the access at the same time', async () => {
    const { browser, agent, workspaceId } = await newUserWithAgent();
    await connectXExpiringSoon(browser);
    const refreshesBefore = tokenGrants('refresh_token').length;

    const accesses = await Promise.all(
      [1, 2, 3].map(() => getPlatformAccess(services, { workspaceId, agentId: agent.id, platform: 'x' })),
    );
    expect(tokenGrants('refresh_token')).toHaveLength(refreshesBefore + 1);
    expect(new Set(accesses.map((access) => access?.accessToken)).size).toBe(1);
  });

  it('says "Reconnect X: the access was revoked" when the provider refuses the refresh', async () => {
    const { browser, agent, workspaceId } = await newUserWithAgent();
    const { exchange } = await connectXExpiringSoon(browser);
    fakes.x.failNextTokenRequest({
      status: 400,
      error: 'invalid_request',
      description: 'Value passed for the token was invalid.',
    });

    const failure = await getPlatformAccess(services, { workspaceId, agentId: agent.id, platform: 'x' }).catch(
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(PlatformAccessError);
    expect(failure).toMatchObject({
      message: 'Reconnect X: the access was revoked',
      reason: 'revoked',
      platform: 'x',
      code: 'CONFLICT',
      connectionId: exchange.connection.id,
    });
  });

  it('keeps using an unexpired token while the provider is down, and says so once it has expired', async () => {
    const { browser, agent, workspaceId } = await newUserWithAgent();
    const { exchange } = await connectXExpiringSoon(browser);
    const stored = services.secretBox.open((await storedRow(exchange.connection.id))?.accessTokenSealed ?? '');
    fakes.x.failNextTokenRequest({ status: 503, error: 'service_unavailable' });
    expect((await getPlatformAccess(services, { workspaceId, agentId: agent.id, platform: 'x' }))?.accessToken).toBe(
      stored,
    );

    await server.database.db
      .update(platformConnection)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(platformConnection.id, exchange.connection.id));
    fakes.x.failNextTokenRequest({ status: 503, error: 'service_unavailable' });
    const failure = await getPlatformAccess(services, { workspaceId, agentId: agent.id, platform: 'x' }).catch(
      (error: unknown) => error,
    );
    expect(failure).toMatchObject({
      reason: 'unavailable',
      code: 'UPSTREAM_FAILED',
      message: 'X could not renew the access just now (X answered 503: service_unavailable); it will be tried again.',
    });
  });

  it('says "Reconnect LinkedIn: the access expired" when an expired token has no refresh token', async () => {
    const { browser, agent, workspaceId } = await newUserWithAgent();
    const { exchange } = await connectPlatform(server, browser, 'linkedin');
    await server.database.db
      .update(platformConnection)
      .set({ expiresAt: new Date(Date.now() - 1000), refreshTokenSealed: null })
      .where(eq(platformConnection.id, exchange.connection.id));

    await expect(
      getPlatformAccess(services, { workspaceId, agentId: agent.id, platform: 'linkedin' }),
    ).rejects.toMatchObject({
      message: 'Reconnect LinkedIn: the access expired',
      reason: 'expired',
    });
  });

  it('renews Instagram’s long-lived token with the token itself', async () => {
    const { browser, agent, workspaceId } = await newUserWithAgent();
    fakes.instagram.accessTokenLifetimeSeconds = 120;
    const { exchange } = await connectPlatform(server, browser, 'instagram').finally(() => {
      fakes.instagram.accessTokenLifetimeSeconds = 5_184_000;
    });
    const old = services.secretBox.open((await storedRow(exchange.connection.id))?.accessTokenSealed ?? '');

    const access = await getPlatformAccess(services, { workspaceId, agentId: agent.id, platform: 'instagram' });
    expect(fakes.instagram.requests.at(-1)).toMatchObject({
      path: '/refresh_access_token',
      query: { grant_type: 'ig_refresh_token', access_token: old },
    });
    expect(access?.accessToken).not.toBe(old);
    expect((await storedRow(exchange.connection.id))?.scopes).toEqual([
      'instagram_business_basic',
      'instagram_business_content_publish',
      'instagram_business_manage_insights',
    ]);
  });
});
