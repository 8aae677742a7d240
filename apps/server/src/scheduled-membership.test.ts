import { and, desc, eq, gt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Agent } from '@agentcast/contracts/agents';
import { MEMBERSHIP_MESSAGES } from '@agentcast/contracts/membership';
import { PUBLISHING_MESSAGES } from '@agentcast/contracts/publishing';
import { agentRun } from '@agentcast/db/schema/runs';
import { terminalMessage } from '@agentcast/db/schema/terminal';
import { startAnvil, type Anvil } from '@agentcast/test-fakes/chain/anvil';
import { deployMembershipContract, type MembershipContract } from '@agentcast/test-fakes/chain/membership-contract';
import { putOnPlan, signUpVerifiedUser } from './testing/accounts.ts';
import { validAgent } from './testing/fixtures.ts';
import { readJson } from './testing/http-client.ts';
import { startTestServer, type TestServer } from './testing/start-test-server.ts';
import { linkWallet, newWallet } from './testing/wallets.ts';

// Schedules at 60× (a slot a second); the membership cache keeps its 60 s, on a clock the test moves forward.
const CACHE_TTL_MS = 60_000;
let anvil: Anvil;
let contract: MembershipContract;
let server: TestServer;
let clockOffset = 0;

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
    timeScale: 60,
  });
}, 60_000);
afterAll(async () => {
  await server?.close();
  await anvil?.close();
});

/** The agent's terminal, newest first, read from the database: without the token, the API refuses its owner. */
const entriesOf = async (agentId: string) =>
  server.database.db
    .select()
    .from(terminalMessage)
    .where(eq(terminalMessage.agentId, agentId))
    .orderBy(desc(terminalMessage.createdAt));

describe('scheduled posts and the membership gate', () => {
  it('stop soon after the token leaves the wallet, saying why once, and go on when it is back', async () => {
    const { browser, email } = await signUpVerifiedUser(server);
    await putOnPlan(server, email, 'enterprise');
    const wallet = newWallet();
    await linkWallet(browser, server, wallet);
    const tokenId = await contract.mint(wallet.address);
    clockOffset += CACHE_TTL_MS + 1;
    const agent = (await readJson(
      await browser.post(
        '/api/agents',
        validAgent({
          activities: ['post'],
          post_configuration: { topics: ['AI'], interval: 1, clients: ['terminal'] },
        }),
      ),
    )) as Agent;
    await expect.poll(async () => (await entriesOf(agent.id)).length, { timeout: 10_000 }).toBeGreaterThanOrEqual(2);

    await contract.burn(tokenId);
    clockOffset += CACHE_TTL_MS + 1;
    const note = PUBLISHING_MESSAGES.membershipLost(MEMBERSHIP_MESSAGES.noToken(wallet.address));
    await expect.poll(async () => (await entriesOf(agent.id))[0]?.notes, { timeout: 10_000 }).toEqual([note]);
    const postsBefore = (await entriesOf(agent.id)).filter((entry) => entry.tweetContent !== '').length;
    // Two more slots come and are decided (skipped) after the one that said why.
    const saidAt = (await entriesOf(agent.id))[0]!.createdAt;
    const skippedSince = async () =>
      (
        await server.database.db
          .select({ id: agentRun.id })
          .from(agentRun)
          .where(and(eq(agentRun.agentId, agent.id), eq(agentRun.status, 'skipped'), gt(agentRun.createdAt, saidAt)))
      ).length;
    await expect.poll(skippedSince, { timeout: 10_000 }).toBeGreaterThanOrEqual(2);
    const afterPause = await entriesOf(agent.id);
    // No post, and the reason said once however many slots passed.
    expect(afterPause.filter((entry) => entry.tweetContent !== '')).toHaveLength(postsBefore);
    expect(afterPause.filter((entry) => entry.notes.includes(note))).toHaveLength(1);

    await contract.mint(wallet.address);
    clockOffset += CACHE_TTL_MS + 1;
    await expect.poll(async () => (await entriesOf(agent.id))[0]?.tweetContent, { timeout: 10_000 }).not.toBe('');
  }, 60_000);
});
