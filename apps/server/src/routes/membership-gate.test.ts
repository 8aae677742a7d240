import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { Agent } from '@agentcast/contracts/agents';
import { MEMBERSHIP_MESSAGES, type WalletStatus } from '@agentcast/contracts/membership';
import { createMembershipCheck } from '@agentcast/core/domains/membership/create-membership-check';
import { decideMembership } from '@agentcast/core/domains/membership/decide-membership';
import { WORKSPACE_HEADER } from '@agentcast/contracts/workspace-roles';
import { walletLink } from '@agentcast/db/schema/wallet';
import { workspaceMember } from '@agentcast/db/schema/workspaces';
import { startAnvil, type Anvil } from '@agentcast/test-fakes/chain/anvil';
import { deployMembershipContract, type MembershipContract } from '@agentcast/test-fakes/chain/membership-contract';
import { signUpVerifiedUser } from '../testing/accounts.ts';
import { openEventStream } from '../testing/event-stream.ts';
import { agentForm, validAgent } from '../testing/fixtures.ts';
import { readJson, type HttpClient } from '../testing/http-client.ts';
import { startTestServer, type TestServer } from '../testing/start-test-server.ts';
import { linkWallet, newWallet, signedLink, type TestWallet } from '../testing/wallets.ts';

// A real chain: anvil (chain id 8453) with the membership ERC-721 compiled from test/fakes/contracts and deployed
// here. The cache keeps production's 60 s; the tests move its clock forward instead of waiting.
const CACHE_TTL_MS = 60_000;
let anvil: Anvil;
let contract: MembershipContract;
let server: TestServer;
let clockOffset = 0;
const letCacheExpire = () => (clockOffset += CACHE_TTL_MS + 1);

beforeAll(async () => {
  anvil = await startAnvil({ chainId: 8453 });
  contract = await deployMembershipContract(anvil.rpcUrl);
  server = await startTestServer({
    membership: {
      enabled: true,
      contract: contract.address,
      chainId: 8453,
      rpcUrl: anvil.rpcUrl,
      cacheTtlMs: CACHE_TTL_MS,
    },
    membershipClock: () => Date.now() + clockOffset,
  });
}, 60_000);
afterAll(async () => {
  await server?.close();
  await anvil?.close();
});

const cookieOf = (browser: HttpClient) => [...browser.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
const userIdOf = async (browser: HttpClient) =>
  ((await readJson(await browser.get('/api/auth/get-session'))) as { user: { id: string } }).user.id;

/** Every gated API route, as a browser would call it. */
const gatedRequests = (browser: HttpClient, agentId: string) =>
  [
    ['GET /api/agents', () => browser.get('/api/agents')],
    ['POST /api/agents', () => browser.post('/api/agents', validAgent())],
    ['POST /api/agents (upload)', () => browser.post('/api/agents', agentForm(validAgent()))],
    ['GET /api/agents/:id', () => browser.get(`/api/agents/${agentId}`)],
    ['PATCH /api/agents/:id', () => browser.patch(`/api/agents/${agentId}`, { name: 'Renamed' })],
    ['GET /api/agents/:id/knowledge', () => browser.get(`/api/agents/${agentId}/knowledge`)],
    [
      'GET /api/agents/:id/trainingfiles/:file',
      () => browser.get(`/api/agents/${agentId}/trainingfiles/${randomUUID()}`),
    ],
    ['POST /api/agents/:id/trigger', () => browser.post(`/api/agents/${agentId}/trigger`, {})],
    ['GET /api/terminal', () => browser.get(`/api/terminal?agent_id=${agentId}`)],
    ['GET /api/terminal/stream', () => browser.get('/api/terminal/stream', { accept: 'text/event-stream' })],
    ['GET /api/schedules', () => browser.get('/api/schedules')],
    ['GET /api/connections', () => browser.get('/api/connections')],
    [
      'POST /api/oauth/start',
      () => browser.post('/api/oauth/start', { platform: 'x', redirect_uri: `${server.url}/auth/x/callback` }),
    ],
    ['DELETE /api/agents/:id', () => browser.delete(`/api/agents/${agentId}`)],
  ] as const;

const expectEveryGatedRouteRefused = async (browser: HttpClient, message: string) => {
  for (const [name, send] of gatedRequests(browser, randomUUID())) {
    const response = await send();
    expect({ name, status: response.status, body: await readJson(response) }).toEqual({
      name,
      status: 403,
      body: { code: 'FORBIDDEN', message },
    });
  }
};

const member = async () => {
  const { browser } = await signUpVerifiedUser(server);
  const wallet = newWallet();
  await linkWallet(browser, server, wallet);
  const tokenId = await contract.mint(wallet.address);
  letCacheExpire();
  return { browser, wallet, tokenId };
};

describe('the membership gate on the API', () => {
  it('refuses every gated route to an account without a linked wallet, and says so', async () => {
    const { browser } = await signUpVerifiedUser(server);
    await expectEveryGatedRouteRefused(browser, MEMBERSHIP_MESSAGES.noWallet);

    // Getting through the gate stays possible.
    expect((await browser.get('/api/auth/get-session')).status).toBe(200);
    expect((await browser.get('/api/health')).status).toBe(200);
    expect((await browser.post('/api/wallet/nonce')).status).toBe(201);
    const status = (await readJson(await browser.get('/api/wallet'))) as WalletStatus;
    expect(status).toEqual({
      gate: { enabled: true, contract: contract.address, chainId: 8453, rpcUrl: anvil.rpcUrl },
      link: null,
      membership: { outcome: 'no_wallet', allowed: false, address: null, message: MEMBERSHIP_MESSAGES.noWallet },
    });
  });

  it('refuses every gated route when the linked wallet holds no token', async () => {
    const { browser } = await signUpVerifiedUser(server);
    const wallet = newWallet();
    const linked = (await linkWallet(browser, server, wallet)) as WalletStatus;

    expect(linked.membership).toEqual({
      outcome: 'no_token',
      allowed: false,
      address: wallet.address,
      message: MEMBERSHIP_MESSAGES.noToken(wallet.address),
    });
    await expectEveryGatedRouteRefused(browser, MEMBERSHIP_MESSAGES.noToken(wallet.address));
  });

  it('opens every gated route once the wallet holds a token', async () => {
    const { browser, wallet } = await member();
    expect(((await readJson(await browser.get('/api/wallet'))) as WalletStatus).membership).toEqual({
      outcome: 'member',
      allowed: true,
      address: wallet.address,
      message: null,
    });

    const created = await browser.post('/api/agents', validAgent());
    expect(created.status).toBe(201);
    const agent = (await readJson(created)) as Agent;
    const answers: Record<string, number> = {};
    for (const [name, send] of gatedRequests(browser, agent.id)) {
      if (name === 'GET /api/terminal/stream') continue;
      answers[name] = (await send()).status;
    }
    expect(answers).toEqual({
      'GET /api/agents': 200,
      'POST /api/agents': 201,
      'POST /api/agents (upload)': 201,
      'GET /api/agents/:id': 200,
      'PATCH /api/agents/:id': 200,
      'GET /api/agents/:id/knowledge': 200,
      // Past the gate: an unknown file of an agent one owns is simply not found.
      'GET /api/agents/:id/trainingfiles/:file': 404,
      'POST /api/agents/:id/trigger': 200,
      'GET /api/terminal': 200,
      'GET /api/schedules': 200,
      'GET /api/connections': 200,
      // Past the gate: X is not configured on this test server.
      'POST /api/oauth/start': 409,
      'DELETE /api/agents/:id': 200,
    });
    const stream = await openEventStream(`${server.url}/api/terminal/stream`, { cookie: cookieOf(browser) });
    await stream.next('ready');
    stream.close();
  });

  it('keeps a transferred token’s access until the cached read expires, then refuses', async () => {
    const { browser, wallet, tokenId } = await member();
    expect((await browser.get('/api/agents')).status).toBe(200);

    await contract.transfer(wallet.key, newWallet().address, tokenId);
    // Read less than a minute ago: still cached.
    expect((await browser.get('/api/agents')).status).toBe(200);

    letCacheExpire();
    const refused = await browser.get('/api/agents');
    expect(refused.status).toBe(403);
    expect(await readJson(refused)).toEqual({
      code: 'FORBIDDEN',
      message: MEMBERSHIP_MESSAGES.noToken(wallet.address),
    });
  });

  it('holds API keys to the same gate as the session: a key of an account without the token is refused', async () => {
    const { browser } = await signUpVerifiedUser(server);
    const created = await browser.post('/api/account/api-keys', { name: 'Script', scope: 'read-write' });
    const { key } = (await readJson(created)) as { key: string };
    const asProgram = () => fetch(new URL('/api/agents', server.url), { headers: { authorization: `Bearer ${key}` } });
    const refused = await asProgram();
    expect(refused.status).toBe(403);
    expect(await readJson(refused)).toEqual({ code: 'FORBIDDEN', message: MEMBERSHIP_MESSAGES.noWallet });

    const wallet = newWallet();
    await linkWallet(browser, server, wallet);
    await contract.mint(wallet.address);
    letCacheExpire();
    expect((await asProgram()).status).toBe(200);
  });

  it('ends an open terminal stream once the token has left the wallet', async () => {
    const { browser, tokenId } = await member();
    const agent = (await readJson(await browser.post('/api/agents', validAgent()))) as Agent;
    const stream = await openEventStream(`${server.url}/api/terminal/stream`, { cookie: cookieOf(browser) });
    await stream.next('ready');

    await contract.burn(tokenId);
    letCacheExpire();
    await server.services.events.publish({
      type: 'terminal.message',
      workspaceId: await userIdOf(browser),
      agentId: agent.id,
      messageId: randomUUID(),
    });

    await stream.ended;
    expect(stream.received.map((event) => event.event)).toEqual(['ready']);
  });

  it('answers the worker the same way (decideMembership, as the scheduler calls it)', async () => {
    const { browser, wallet, tokenId } = await member();
    const userId = await userIdOf(browser);
    expect(await decideMembership(server.services.domains.membership, { userId })).toEqual({
      outcome: 'member',
      allowed: true,
      address: wallet.address,
      message: null,
    });

    await contract.burn(tokenId);
    letCacheExpire();
    expect(await decideMembership(server.services.domains.membership, { userId })).toMatchObject({
      outcome: 'no_token',
      allowed: false,
    });
    const stranger = (await signUpVerifiedUser(server)).browser;
    expect(
      await decideMembership(server.services.domains.membership, { userId: await userIdOf(stranger) }),
    ).toMatchObject({
      outcome: 'no_wallet',
      allowed: false,
    });
  });

  it('lets a workspace’s members in by an owner’s token (issue 36 §6), only there, and only while the owner holds it', async () => {
    const owner = await member();
    const workspaceId = await userIdOf(owner.browser);
    const { browser: editor } = await signUpVerifiedUser(server);
    await server.database.db
      .insert(workspaceMember)
      .values({ workspaceId, userId: await userIdOf(editor), role: 'editor' });
    const inTeam = { [WORKSPACE_HEADER]: workspaceId };

    // In their own workspace the editor's own (missing) wallet decides; in the team's, the owner's token opens it.
    expect((await editor.get('/api/agents')).status).toBe(403);
    expect((await editor.get('/api/agents', inTeam)).status).toBe(200);
    expect(((await readJson(await editor.get('/api/wallet', inTeam))) as WalletStatus).membership).toEqual({
      outcome: 'team',
      allowed: true,
      address: null,
      message: MEMBERSHIP_MESSAGES.team,
    });

    await contract.burn(owner.tokenId);
    letCacheExpire();
    const refused = await editor.get('/api/agents', inTeam);
    expect(refused.status).toBe(403);
    expect(await readJson(refused)).toEqual({ code: 'FORBIDDEN', message: MEMBERSHIP_MESSAGES.noWallet });
  });

  it('lets a workspace’s agents act on their own while any of its owners holds the token, not an admin', async () => {
    const { browser: founder } = await signUpVerifiedUser(server);
    const workspaceId = await userIdOf(founder);
    const partner = await member();
    const partnerId = await userIdOf(partner.browser);
    const check = createMembershipCheck(server.services.domains.membership);
    await server.database.db.insert(workspaceMember).values({ workspaceId, userId: partnerId, role: 'admin' });
    expect(await check(workspaceId)).toEqual({ allowed: false, reason: MEMBERSHIP_MESSAGES.noWallet });

    await server.database.db
      .update(workspaceMember)
      .set({ role: 'owner' })
      .where(and(eq(workspaceMember.workspaceId, workspaceId), eq(workspaceMember.userId, partnerId)));
    expect(await check(workspaceId)).toEqual({ allowed: true });
  });

  it('refuses a wallet that was linked on another chain than the gate checks', async () => {
    const { browser, wallet } = await member();
    await server.database.db
      .update(walletLink)
      .set({ chainId: 1 })
      .where(eq(walletLink.address, wallet.address.toLowerCase()));
    const refused = await browser.get('/api/agents');
    expect(refused.status).toBe(403);
    expect((await readJson(refused)).message).toBe(MEMBERSHIP_MESSAGES.wrongChain(1, 8453));
  });

  it('logs each decision with the user, the address and the outcome, and never a signature', async () => {
    const { browser } = await signUpVerifiedUser(server);
    const wallet = newWallet();
    const body = await signedLink(browser, server, wallet);
    await browser.post('/api/wallet/link', body);
    await browser.get('/api/agents');
    const userId = await userIdOf(browser);

    const decisions = server.logs().filter((line) => line.msg === 'Membership decision' && line.userId === userId);
    expect(decisions.length).toBeGreaterThan(0);
    expect(decisions.at(-1)).toMatchObject({ userId, address: wallet.address, outcome: 'no_token' });
    expect(server.rawLog()).not.toContain(body.signature.slice(2, 60));
  });
});

describe('the page’s content security policy', () => {
  it('lets the browser read the membership chain’s RPC, and nothing else new', async () => {
    const csp = (await fetch(`${server.url}/api/health`)).headers.get('content-security-policy') ?? '';
    expect(csp).toContain(`connect-src 'self' ${new URL(anvil.rpcUrl).origin}`);
  });
});

describe('when the chain cannot be read', () => {
  it('fails closed with a clear message', async () => {
    const unreachable = await startTestServer({
      membership: {
        enabled: true,
        contract: contract.address,
        chainId: 8453,
        rpcUrl: 'http://127.0.0.1:9',
        cacheTtlMs: CACHE_TTL_MS,
      },
    });
    try {
      const { browser } = await signUpVerifiedUser(unreachable);
      const wallet: TestWallet = newWallet();
      // An ordinary wallet's signature is checked without the chain, so linking works; the decision cannot be made.
      const linked = (await readJson(
        await browser.post('/api/wallet/link', await signedLink(browser, unreachable, wallet)),
      )) as WalletStatus;
      expect(linked.link?.address).toBe(wallet.address);
      expect(linked.membership).toMatchObject({ outcome: 'unavailable', allowed: false, address: wallet.address });

      const refused = await browser.get('/api/agents');
      expect(refused.status).toBe(502);
      const body = await readJson(refused);
      expect(body.code).toBe('UPSTREAM_FAILED');
      expect(body.message).toMatch(
        /^The membership token could not be checked right now \(.+\)\. Please try again in a moment\.$/,
      );
      expect(
        unreachable.logs().some((line) => line.msg === 'Membership check failed' && line.address === wallet.address),
      ).toBe(true);
    } finally {
      await unreachable.close();
    }
  });
});

describe('with the gate off', () => {
  it('lets every signed-in account through and says the gate is off', async () => {
    const open = await startTestServer();
    try {
      const { browser } = await signUpVerifiedUser(open);
      expect((await browser.get('/api/agents')).status).toBe(200);
      expect((await fetch(`${open.url}/api/health`)).headers.get('content-security-policy')).toContain(
        "connect-src 'self';",
      );
      expect((await readJson(await browser.get('/api/wallet'))) as WalletStatus).toMatchObject({
        gate: { enabled: false, contract: null, chainId: 8453 },
        membership: { outcome: 'gate_off', allowed: true, message: MEMBERSHIP_MESSAGES.gateOff },
      });
    } finally {
      await open.close();
    }
  });
});
