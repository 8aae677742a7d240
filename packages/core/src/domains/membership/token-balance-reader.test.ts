import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAnvil, type Anvil } from '@agentcast/test-fakes/chain/anvil';
import { deployMembershipContract, type MembershipContract } from '@agentcast/test-fakes/chain/membership-contract';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { AppError } from '../../kernel/app-error.ts';
import type { MembershipConfig } from './membership-config.ts';
import { createTokenBalanceReader } from './token-balance-reader.ts';

let base: Anvil;
let otherChain: Anvil;
let contract: MembershipContract;
let proxy: Server;
let proxyUrl: string;
/** JSON-RPC calls that reached the chain through the counting proxy, by method. */
const calls: string[] = [];

beforeAll(async () => {
  [base, otherChain] = await Promise.all([startAnvil({ chainId: 8453 }), startAnvil({ chainId: 31337 })]);
  contract = await deployMembershipContract(base.rpcUrl);
  const forward = async (request: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks).toString();
    const parsed = JSON.parse(body) as { method: string } | { method: string }[];
    for (const call of [parsed].flat()) calls.push(call.method);
    const answer = await fetch(base.rpcUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    response.writeHead(answer.status, { 'content-type': 'application/json' }).end(await answer.text());
  };
  proxy = createServer((request, response) => void forward(request, response));
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
}, 60_000);
afterAll(async () => {
  proxy?.close();
  await Promise.all([base?.close(), otherChain?.close()]);
});

const config = (overrides: Partial<MembershipConfig> = {}): MembershipConfig => ({
  enabled: true,
  contract: contract.address,
  chainId: 8453,
  rpcUrl: proxyUrl,
  cacheTtlMs: 60_000,
  ...overrides,
});
const someone = () => privateKeyToAccount(generatePrivateKey()).address;

describe('createTokenBalanceReader', () => {
  it('reads balanceOf once for concurrent callers and then serves the cache until the TTL', async () => {
    let now = 1_000_000;
    const reader = createTokenBalanceReader(config(), () => now);
    const holder = someone();
    await contract.mint(holder);
    calls.length = 0;

    const reads = await Promise.all([reader.balanceOf(holder), reader.balanceOf(holder), reader.balanceOf(holder)]);
    expect(reads.map((read) => read.balance)).toEqual([1n, 1n, 1n]);
    expect(calls.filter((method) => method === 'eth_call')).toHaveLength(1);

    now += 59_999;
    expect(await reader.balanceOf(holder)).toEqual({ balance: 1n, fresh: false });
    now += 2;
    expect(await reader.balanceOf(holder)).toEqual({ balance: 1n, fresh: true });
    expect(calls.filter((method) => method === 'eth_call')).toHaveLength(2);
  });

  it('never keeps a read longer than 60 s, whatever it is configured to, and reads again when asked for a younger one', async () => {
    let now = 0;
    const reader = createTokenBalanceReader(config({ cacheTtlMs: 10 * 60_000 }), () => now);
    const holder = someone();
    await reader.balanceOf(holder);
    now += 60_001;
    expect((await reader.balanceOf(holder)).fresh).toBe(true);
    now += 5000;
    expect((await reader.balanceOf(holder, { maxAgeMs: 5000 })).fresh).toBe(true);
    reader.forget(holder);
    expect((await reader.balanceOf(holder)).fresh).toBe(true);
  });

  it('checks the RPC’s chain id once, and refuses to decide on another chain', async () => {
    calls.length = 0;
    const reader = createTokenBalanceReader(config());
    await reader.balanceOf(someone());
    await reader.balanceOf(someone());
    expect(calls.filter((method) => method === 'eth_chainId')).toHaveLength(1);

    const misconfigured = createTokenBalanceReader(config({ rpcUrl: otherChain.rpcUrl }));
    const error = await misconfigured.balanceOf(someone()).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({
      code: 'UPSTREAM_FAILED',
      message: expect.stringContaining('the RPC serves chain 31337, not chain 8453'),
    });
  });

  it('fails with a clear reason when the address holds no contract', async () => {
    const reader = createTokenBalanceReader(config({ contract: someone() }));
    await expect(reader.balanceOf(someone())).rejects.toMatchObject({
      code: 'UPSTREAM_FAILED',
      message: expect.stringMatching(
        /^The membership token could not be checked right now \(.+\)\. Please try again in a moment\.$/,
      ),
    });
  });
});
