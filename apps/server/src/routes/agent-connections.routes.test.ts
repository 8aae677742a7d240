import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Agent } from '@agentcast/contracts/agents';
import type { AgentsPage } from '@agentcast/contracts/agents-page';
import { oauthCallbackPath, type ConnectionsOverview } from '@agentcast/contracts/connections';
import { PLANS } from '@agentcast/contracts/plans';
import { accountLimitMessage } from '@agentcast/core/domains/connections/assert-account-allowance';
import { platformConnection } from '@agentcast/db/schema/connections';
import { putOnPlan, signUpVerifiedUser } from '../testing/accounts.ts';
import { connectPlatform } from '../testing/connect-platform.ts';
import { validAgent } from '../testing/fixtures.ts';
import { readJson, type HttpClient } from '../testing/http-client.ts';
import { startOAuthFakes, type OAuthFakes } from '../testing/oauth-fakes.ts';
import { startTestServer, type TestServer } from '../testing/start-test-server.ts';

// The connections an agent's own forms make (connections.routes.test.ts covers the account-level flow).
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
const overview = async (browser: HttpClient, query = '') =>
  (await readJson(await browser.get(`/api/connections${query}`))) as ConnectionsOverview;
const createAgent = async (browser: HttpClient, fields: Record<string, unknown> = validAgent()) => {
  const response = await browser.post('/api/agents', fields);
  expect(response.status).toBe(201);
  return (await readJson(response)) as Agent;
};

describe('a new agent on a server with X set up', () => {
  it('takes spec §9’s clients, terminal and x, when the caller omits them; given clients are kept', async () => {
    const omitted = await createAgent(owner, validAgent());
    expect(omitted.post_configuration.clients).toEqual(['terminal', 'x']);
    expect(omitted.chat_configuration.clients).toEqual(['terminal', 'x']);
    const given = await createAgent(
      owner,
      validAgent({ post_configuration: { topics: ['AI'], clients: ['terminal', 'linkedin'] } }),
    );
    expect(given.post_configuration.clients).toEqual(['terminal', 'linkedin']);
    expect(given.chat_configuration.clients).toEqual(['terminal', 'x']);
  });
});

describe('connections of an agent (the agent forms)', () => {
  it('connects LinkedIn and X to one agent, which the agent resource and list show (linkedin_urn, x_username)', async () => {
    const agent = await createAgent(owner);
    const linkedin = await connectPlatform(server, owner, 'linkedin', { agentId: agent.id });
    await connectPlatform(server, owner, 'x', { agentId: agent.id });
    expect(linkedin.exchange).toMatchObject({
      agent_name: agent.name,
      connection: { agent_id: agent.id, pending: false },
    });

    const fetched = (await readJson(await owner.get(`/api/agents/${agent.id}`))) as Agent;
    expect(fetched).toMatchObject({
      linkedin_connected: true,
      linkedin_urn: 'urn:li:person:yrZCpj2Z12',
      x_connected: true,
      x_username: 'ada_agentcast',
    });
    const listed = ((await readJson(await owner.get('/api/agents'))) as AgentsPage).agents.find(
      (entry) => entry.id === agent.id,
    );
    expect(listed).toEqual(fetched);
    expect(
      (await overview(owner, `?agent=${agent.id}`)).connections.map((connection) => connection.platform).sort(),
    ).toEqual(['linkedin', 'x']);
    // The user's own (agent builder) connections are apart from the agent's.
    expect((await overview(owner)).connections.every((connection) => connection.agent_id === null)).toBe(true);
  });

  it('holds a Pro account to its 5 social accounts, those waiting in a Create Agent form included; the same account again is not a new one', async () => {
    const { browser, email } = await signUpVerifiedUser(server);
    await putOnPlan(server, email, 'pro');
    const original = { ...fakes.x.account };
    try {
      for (let index = 0; index < 5; index++) {
        fakes.x.account = { ...original, id: `15000000000000000${index}`, handle: `account_${index}` };
        // The last one is made in the Create Agent form, before its agent exists.
        await connectPlatform(
          server,
          browser,
          'x',
          index === 4 ? { newAgent: true } : { agentId: (await createAgent(browser)).id },
        );
      }
      fakes.x.account = { ...original, id: '150000000000000099', handle: 'one_too_many' };
      await expect(connectPlatform(server, browser, 'x', { agentId: (await createAgent(browser)).id })).rejects.toThrow(
        accountLimitMessage(PLANS.find((plan) => plan.id === 'pro')!),
      );
      // Account 0 again, for another agent: allowed.
      fakes.x.account = { ...original, id: '150000000000000000', handle: 'account_0' };
      await connectPlatform(server, browser, 'x', { agentId: (await createAgent(browser)).id });
      // The workspace's plan in Settings counts the same five.
      expect(await readJson(await browser.get('/api/usage'))).toMatchObject({
        plan: { id: 'pro' },
        limits: { accounts: 5 },
        connectedAccounts: 5,
      });
    } finally {
      fakes.x.account = original;
    }
  });

  it('refuses another user’s agent', async () => {
    const agent = await createAgent(owner);
    const response = await start(stranger, {
      platform: 'linkedin',
      redirect_uri: callbackOf('linkedin'),
      agentId: agent.id,
    });
    expect(response.status).toBe(404);
    expect((await stranger.get(`/api/connections?agent=${agent.id}`)).status).toBe(404);
  });

  it('gives a new agent the connection its Create Agent form made before it existed', async () => {
    const { exchange: answer } = await connectPlatform(server, owner, 'x', { newAgent: true });
    expect(answer.connection).toMatchObject({ pending: true, agent_id: null });
    // A pending connection is neither the user's own nor any agent's yet.
    expect((await overview(owner)).connections.map((connection) => connection.id)).not.toContain(answer.connection.id);

    const agent = await createAgent(owner, {
      ...validAgent({ name: 'With X' }),
      pending_connections: [answer.connection.id],
    });
    expect(agent).toMatchObject({ x_connected: true, x_username: 'ada_agentcast' });
    expect((await overview(owner, `?agent=${agent.id}`)).connections).toEqual([
      expect.objectContaining({ id: answer.connection.id, pending: false, agent_id: agent.id }),
    ]);
  });

  it('saves nothing when a pending connection has expired, and says to connect again', async () => {
    const { exchange: answer } = await connectPlatform(server, owner, 'linkedin', { newAgent: true });
    await server.database.db
      .update(platformConnection)
      .set({ pendingUntil: new Date(Date.now() - 1000) })
      .where(eq(platformConnection.id, answer.connection.id));
    const before = ((await readJson(await owner.get('/api/agents'))) as AgentsPage).agents.length;

    const response = await owner.post('/api/agents', {
      ...validAgent({ name: 'Too late' }),
      pending_connections: [answer.connection.id],
    });
    expect(response.status).toBe(400);
    expect((await readJson(response)).message).toBe(
      'A platform connected for this agent has expired or was removed. Connect it again, then create the agent.',
    );
    expect(((await readJson(await owner.get('/api/agents'))) as AgentsPage).agents.length).toBe(before);
  });

  it('ends the agent’s connections with the agent', async () => {
    const agent = await createAgent(owner);
    await connectPlatform(server, owner, 'linkedin', { agentId: agent.id });
    await owner.delete(`/api/agents/${agent.id}`);
    const left = await server.database.db
      .select()
      .from(platformConnection)
      .where(eq(platformConnection.agentId, agent.id));
    expect(left).toEqual([]);
  });
});
