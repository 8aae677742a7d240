import { readFileSync } from 'node:fs';
import solc from 'solc';
import {
  createPublicClient,
  createTestClient,
  createWalletClient,
  defineChain,
  http,
  parseEther,
  type Abi,
  type Address,
  type Hex,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { base } from 'viem/chains';

/** Anvil's first dev account (public knowledge, funded on every anvil chain): deploys and mints. */
export const ANVIL_DEPLOYER_KEY: Hex = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80';

const SOURCE_PATH = new URL('../../contracts/Membership.sol', import.meta.url);

type CompiledContract = { abi: Abi; bytecode: Hex };

let compiled: CompiledContract | undefined;

/**
 * Compiles contracts/Membership.sol with solc-js (the compiler ships inside the npm package; nothing is
 * downloaded). Its default EVM version (osaka) runs on anvil. Compiled once per process.
 */
export const compileMembershipContract = (): CompiledContract => {
  if (compiled) return compiled;
  const input = {
    language: 'Solidity',
    sources: { 'Membership.sol': { content: readFileSync(SOURCE_PATH, 'utf8') } },
    settings: { optimizer: { enabled: true, runs: 200 }, outputSelection: { '*': { Membership: ['abi', 'evm.bytecode.object'] } } },
  };
  const output = JSON.parse(solc.compile(JSON.stringify(input))) as {
    errors?: { severity: string; formattedMessage: string }[];
    contracts: Record<string, Record<string, { abi: Abi; evm: { bytecode: { object: string } } }>>;
  };
  const errors = (output.errors ?? []).filter((error) => error.severity === 'error');
  if (errors.length > 0) throw new Error(`Membership.sol does not compile:\n${errors.map((error) => error.formattedMessage).join('\n')}`);
  const contract = output.contracts['Membership.sol']?.Membership;
  if (!contract) throw new Error('solc produced no Membership contract');
  compiled = { abi: contract.abi, bytecode: `0x${contract.evm.bytecode.object}` };
  return compiled;
};

export type MembershipContract = {
  address: Address;
  abi: Abi;
  /** Mints the next token to `to` and answers its id. */
  mint: (to: Address) => Promise<bigint>;
  /** The minter burns a token, wherever it is. */
  burn: (tokenId: bigint) => Promise<void>;
  /** The holder (by private key) sends a token to someone else, paying gas from a balance given for it. */
  transfer: (holderKey: Hex, to: Address, tokenId: bigint) => Promise<void>;
  balanceOf: (owner: Address) => Promise<bigint>;
};

/** Deploys a fresh membership collection on the chain at `rpcUrl` (anvil) and returns handles to drive it. */
export const deployMembershipContract = async (
  rpcUrl: string,
  { chainId = 8453, name = 'Agentcast Membership', symbol = 'AGENT' }: { chainId?: number; name?: string; symbol?: string } = {},
): Promise<MembershipContract> => {
  const { abi, bytecode } = compileMembershipContract();
  const chain = defineChain({ ...base, id: chainId, rpcUrls: { default: { http: [rpcUrl] } } });
  const transport = http(rpcUrl);
  const publicClient = createPublicClient({ chain, transport });
  const deployer = createWalletClient({ chain, transport, account: privateKeyToAccount(ANVIL_DEPLOYER_KEY) });
  const testClient = createTestClient({ chain, transport, mode: 'anvil' });

  const deployHash = await deployer.deployContract({ abi, bytecode, args: [name, symbol] });
  const { contractAddress } = await publicClient.waitForTransactionReceipt({ hash: deployHash });
  if (!contractAddress) throw new Error('The membership contract was not deployed');
  const address = contractAddress;

  const write = async (wallet: typeof deployer, functionName: string, args: unknown[]) => {
    const { request, result } = await publicClient.simulateContract({ account: wallet.account, address, abi, functionName, args });
    const hash = await wallet.writeContract(request);
    await publicClient.waitForTransactionReceipt({ hash });
    return result as unknown;
  };

  return {
    address,
    abi,
    mint: async (to) => (await write(deployer, 'mint', [to])) as bigint,
    burn: async (tokenId) => {
      await write(deployer, 'burn', [tokenId]);
    },
    transfer: async (holderKey, to, tokenId) => {
      const holder = createWalletClient({ chain, transport, account: privateKeyToAccount(holderKey) });
      await testClient.setBalance({ address: holder.account.address, value: parseEther('1') });
      await write(holder, 'transferFrom', [holder.account.address, to, tokenId]);
    },
    balanceOf: async (owner) => (await publicClient.readContract({ address, abi, functionName: 'balanceOf', args: [owner] })) as bigint,
  };
};
