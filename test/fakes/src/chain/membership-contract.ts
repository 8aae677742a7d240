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
  type Account,
  type Address,
  type Chain,
  type Hex,
  type Transport,
  type WalletClient,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { base } from 'viem/chains';

/**
 * Anvil's first dev account (funded and unlocked on every anvil chain) deploys and mints. Its transactions go
 * through eth_sendTransaction, so anvil assigns the nonces: test processes minting at the same time cannot collide.
 */
export const ANVIL_DEPLOYER: Address = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';

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
    settings: {
      optimizer: { enabled: true, runs: 200 },
      outputSelection: { '*': { Membership: ['abi', 'evm.bytecode.object'] } },
    },
  };
  const output = JSON.parse(solc.compile(JSON.stringify(input))) as {
    errors?: { severity: string; formattedMessage: string }[];
    contracts: Record<string, Record<string, { abi: Abi; evm: { bytecode: { object: string } } }>>;
  };
  const errors = (output.errors ?? []).filter((error) => error.severity === 'error');
  if (errors.length > 0)
    throw new Error(`Membership.sol does not compile:\n${errors.map((error) => error.formattedMessage).join('\n')}`);
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
  {
    chainId = 8453,
    name = 'Agentcast Membership',
    symbol = 'AGENT',
  }: { chainId?: number; name?: string; symbol?: string } = {},
): Promise<MembershipContract> => {
  const { abi, bytecode } = compileMembershipContract();
  const { publicClient, deployer } = clientsFor(rpcUrl, chainId);
  const hash = await deployer.deployContract({ abi, bytecode, args: [name, symbol] });
  const { contractAddress } = await publicClient.waitForTransactionReceipt({ hash });
  if (!contractAddress) throw new Error('The membership contract was not deployed');
  return attachMembershipContract(rpcUrl, contractAddress, { chainId });
};

const clientsFor = (rpcUrl: string, chainId: number) => {
  const chain = defineChain({ ...base, id: chainId, rpcUrls: { default: { http: [rpcUrl] } } });
  const transport = http(rpcUrl);
  return {
    chain,
    transport,
    publicClient: createPublicClient({ chain, transport }),
    deployer: createWalletClient({ chain, transport, account: ANVIL_DEPLOYER }),
    testClient: createTestClient({ chain, transport, mode: 'anvil' }),
  };
};

/**
 * Handles on a membership contract deployed earlier (e.g. by another process: the browser tests' global setup).
 * Anvil's first dev account deployed it and is its minter.
 */
export const attachMembershipContract = (
  rpcUrl: string,
  address: Address,
  { chainId = 8453 }: { chainId?: number } = {},
): MembershipContract => {
  const { abi } = compileMembershipContract();
  const { chain, transport, publicClient, deployer, testClient } = clientsFor(rpcUrl, chainId);

  const write = async (wallet: WalletClient<Transport, Chain, Account>, functionName: string, args: unknown[]) => {
    const { request, result } = await publicClient.simulateContract({
      account: wallet.account,
      address,
      abi,
      functionName,
      args,
    });
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
    balanceOf: async (owner) =>
      (await publicClient.readContract({ address, abi, functionName: 'balanceOf', args: [owner] })) as bigint,
  };
};
