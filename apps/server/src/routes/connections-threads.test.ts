import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Agent } from '@agentcast/contracts/agents';
import type { ConnectionsOverview } from '@agentcast/contracts/connections';
import { getPlatformAccess } from '@agentcast/core/domains/connections/get-platform-access';
import { platformConnection } from '@agentcast/db/schema/connections';
import { signUpVerifiedUser } from '../testing/accounts.ts';
import { connectPlatform } from '../testing/connect-platform.ts';
import { validAgent } from '../testing/fixtures.ts';
import { readJson } from '../testing/http-client.ts';
import { startOAuthFakes, type OAuthFakes } from '../testing/oauth-fakes.ts';
import { startTestServer, type TestServer } from '../testing/start-test-server.ts';

// Issue 35 §1: Threads is connected through the operator's Threads app, and its 60-day token lives on while used.
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

const DAY_SECONDS = 24 * 3600;
const storedRow = async (id: string) =>
  (await server.database.db.select().from(platformConnection).where(eq(platformConnection.id, id)))[0];
const newUserWithAgent = async () => {
  const { browser } = await signUpVerifiedUser(server);
  const agent = (await readJson(await browser.post('/api/agents', validAgent()))) as Agent;
  return { browser, agent, workspaceId: agent.user_id };
};
const refreshes = () => fakes.threads.requests.filter((request) => request.path === '/refresh_access_token');

describe('connecting Threads', () => {
  it('asks for the six Threads permissions, trades the one-hour token for a 60-day one, keeps the id exact', async () => {
    const { browser } = await signUpVerifiedUser(server);
    const { authorizationUrl, exchange } = await connectPlatform(server, browser, 'threads');

    expect(`${authorizationUrl.origin}${authorizationUrl.pathname}`).toBe(`${fakes.threads.baseUrl}/oauth/authorize`);
    expect(authorizationUrl.searchParams.get('scope')).toBe(
      'threads_basic,threads_content_publish,threads_manage_replies,threads_read_replies,threads_manage_insights,threads_delete',
    );
    expect(authorizationUrl.searchParams.has('code_challenge')).toBe(false);
    expect(fakes.threads.requests.find((request) => request.path === '/access_token')?.query).toEqual({
      grant_type: 'th_exchange_token',
      client_secret: fakes.threads.clientSecret,
      access_token: expect.stringMatching(/^threads-short-/),
    });
    // The profile is read with the token in the header, never in the address.
    const profileRead = fakes.threads.requests.find((request) => request.path === '/v1.0/me');
    expect(profileRead?.query).toEqual({ fields: 'id,username,name' });
    expect(profileRead?.authorization).toMatch(/^Bearer threads-access-/);
    expect(exchange.connection).toMatchObject({
      platform: 'threads',
      account_id: '25783904158372916',
      display_name: '@ada.threads',
      handle: 'ada.threads',
    });
    const row = await storedRow(exchange.connection.id);
    expect(row?.expiresAt?.getTime()).toBeGreaterThan(Date.now() + 59 * DAY_SECONDS * 1000);
    const overview = (await readJson(await browser.get('/api/connections'))) as ConnectionsOverview;
    expect(overview.platforms.find((entry) => entry.platform === 'threads')?.configured).toBe(true);
  });

  it('renews the token in its last week whenever it is used, and not before', async () => {
    const { browser, agent, workspaceId } = await newUserWithAgent();
    const { exchange } = await connectPlatform(server, browser, 'threads');
    const before = refreshes().length;
    await getPlatformAccess(services, { workspaceId, agentId: agent.id, platform: 'threads' });
    expect(refreshes()).toHaveLength(before);

    fakes.threads.accessTokenLifetimeSeconds = 6 * DAY_SECONDS;
    const { exchange: again } = await connectPlatform(server, browser, 'threads').finally(() => {
      fakes.threads.accessTokenLifetimeSeconds = 60 * DAY_SECONDS;
    });
    expect(again.connection.id).toBe(exchange.connection.id);
    const old = services.secretBox.open((await storedRow(again.connection.id))?.accessTokenSealed ?? '');

    const access = await getPlatformAccess(services, { workspaceId, agentId: agent.id, platform: 'threads' });
    expect(refreshes().at(-1)?.query).toEqual({ grant_type: 'th_refresh_token', access_token: old });
    expect(access?.accessToken).not.toBe(old);
    expect((await storedRow(again.connection.id))?.expiresAt?.getTime()).toBeGreaterThan(
      Date.now() + 59 * DAY_SECONDS * 1000,
    );
  });

  it('keeps using a token with days left when Threads refuses to renew it early', async () => {
    const { browser, agent, workspaceId } = await newUserWithAgent();
    fakes.threads.accessTokenLifetimeSeconds = 3 * DAY_SECONDS;
    const { exchange } = await connectPlatform(server, browser, 'threads').finally(() => {
      fakes.threads.accessTokenLifetimeSeconds = 60 * DAY_SECONDS;
    });
    const old = services.secretBox.open((await storedRow(exchange.connection.id))?.accessTokenSealed ?? '');
    fakes.threads.failNextTokenRequest({ status: 400, error: 'invalid_request', description: 'Token is too new' });

    const access = await getPlatformAccess(services, { workspaceId, agentId: agent.id, platform: 'threads' });
    expect(access?.accessToken).toBe(old);
    expect((await storedRow(exchange.connection.id))?.reconnectReason).toBeNull();
  });
});
