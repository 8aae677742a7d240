import { erc721Abi, type Address, type EIP1193Provider } from 'viem';
import { getBytecode, readContract } from 'wagmi/actions';
import type { Config } from 'wagmi';

export type NftDebugReport = {
  contract: Address;
  /** The chain the wallet is on, and the one the gate reads. */
  walletChainId: number | null;
  chainId: number;
  account: Address | null;
  balance: string | null;
  hasCode: boolean | null;
  name: string | null;
  /** What could not be read, one line each. */
  problems: string[];
};

const reason = (error: unknown) => (error as { shortMessage?: string }).shortMessage ?? (error as Error).message;

/**
 * Debug NFT Check (spec §2, §7): the contract, the chains, the account's balance (balanceOf, 0x70a08231), whether
 * code exists at the address (getCode) and its name() — each read on its own, so one failure does not hide the rest.
 */
export const runNftDebugCheck = async (
  config: Config,
  {
    contract,
    chainId,
    account,
    provider,
  }: { contract: Address; chainId: number; account: Address | null; provider: EIP1193Provider | null },
): Promise<NftDebugReport> => {
  const report: NftDebugReport = {
    contract,
    walletChainId: null,
    chainId,
    account,
    balance: null,
    hasCode: null,
    name: null,
    problems: [],
  };
  const attempt = async (label: string, read: () => Promise<void>) => {
    try {
      await read();
    } catch (error) {
      report.problems.push(`${label}: ${reason(error)}`);
    }
  };
  await Promise.all([
    attempt('Wallet chain', async () => {
      if (!provider) throw new Error('no wallet provider');
      report.walletChainId = Number(await provider.request({ method: 'eth_chainId' }));
    }),
    attempt('getCode', async () => {
      const code = await getBytecode(config, { address: contract, chainId });
      report.hasCode = Boolean(code && code !== '0x');
    }),
    attempt('name()', async () => {
      report.name = await readContract(config, { address: contract, abi: erc721Abi, functionName: 'name', chainId });
    }),
    attempt('balanceOf', async () => {
      if (!account) throw new Error('no account connected');
      report.balance = String(
        await readContract(config, {
          address: contract,
          abi: erc721Abi,
          functionName: 'balanceOf',
          args: [account],
          chainId,
        }),
      );
    }),
  ]);
  return report;
};
