import type { Address, PublicClient } from 'viem';
import { MEMBERSHIP_MESSAGES } from '@agentcast/contracts/membership';
import { BASE_CHAIN } from '@agentcast/contracts/wallet';
import { AppError } from '../../kernel/app-error.ts';
import { MAX_MEMBERSHIP_CACHE_MS, type MembershipConfig } from './membership-config.ts';

export type BalanceRead = {
  balance: bigint;
  /** Whether this call read the chain (rather than the cache). */ fresh: boolean;
};

export type TokenBalanceReader = {
  /** A public client on the membership chain; also verifies signatures of contract wallets (ERC-1271/6492). */
  client: () => Promise<PublicClient>;
  /** The address's token count, from a read at most `maxAgeMs` old (default: the configured cache TTL). */
  balanceOf: (address: Address, options?: { maxAgeMs?: number }) => Promise<BalanceRead>;
  /** Drops the cached read, so the next decision reads the chain (after a new link). */
  forget: (address: Address) => void;
};

/** Bounds the cache; addresses are unique per account, so this is far above any real install's member count. */
const MAX_CACHED_ADDRESSES = 50_000;

/** Short, log- and user-safe reason for a failed read (viem's shortMessage, never the request details). */
const reasonOf = (error: unknown) =>
  ((error as { shortMessage?: string }).shortMessage ?? (error as Error).message ?? '').split('\n')[0] ||
  'unknown error';

/**
 * viem costs about 250 ms and 40 MB to load (its chain list alone twice that, hence a chain defined here): it is
 * loaded with the first membership read or link, not at start-up, and not at all while the gate is off.
 */
const createChainClient = async ({ chainId, rpcUrl }: MembershipConfig): Promise<PublicClient> => {
  const { createPublicClient, defineChain, http } = await import('viem');
  const chain = defineChain({
    id: chainId,
    name: BASE_CHAIN.name,
    nativeCurrency: BASE_CHAIN.nativeCurrency,
    rpcUrls: { default: { http: [rpcUrl] } },
  });
  return createPublicClient({ chain, transport: http(rpcUrl, { timeout: 10_000, retryCount: 1 }) }) as PublicClient;
};

/**
 * ERC-721 `balanceOf(address)` on the membership contract, read with a viem public client from the configured
 * RPC. Reads are cached per address (at most 60 s) and concurrent reads of one address share one request, so
 * a busy dashboard costs the RPC about one call per member per minute. The RPC's chain id is checked once: a
 * misconfigured endpoint must not decide membership on another chain.
 */
export const createTokenBalanceReader = (
  config: MembershipConfig,
  now: () => number = () => Date.now(),
): TokenBalanceReader => {
  let clientPromise: Promise<PublicClient> | undefined;
  const client = () => (clientPromise ??= createChainClient(config));
  const ttlMs = Math.min(config.cacheTtlMs, MAX_MEMBERSHIP_CACHE_MS);
  const cache = new Map<string, { balance: bigint; readAt: number }>();
  const inFlight = new Map<string, Promise<bigint>>();
  let chainChecked: Promise<void> | undefined;

  const verifyChain = async () => {
    const actual = await (await client()).getChainId();
    if (actual !== config.chainId) {
      throw new AppError(
        'UPSTREAM_FAILED',
        MEMBERSHIP_MESSAGES.unavailable(`the RPC serves chain ${actual}, not chain ${config.chainId}`),
      );
    }
  };
  const checkChain = () =>
    (chainChecked ??= verifyChain().catch((error: unknown) => {
      chainChecked = undefined;
      throw error;
    }));

  const read = async (address: Address) => {
    const contract = config.contract;
    if (!contract)
      throw new AppError('UPSTREAM_FAILED', MEMBERSHIP_MESSAGES.unavailable('no membership contract is configured'));
    try {
      await checkChain();
      const [chainClient, { erc721Abi }] = await Promise.all([client(), import('viem')]);
      return await chainClient.readContract({
        address: contract,
        abi: erc721Abi,
        functionName: 'balanceOf',
        args: [address],
      });
    } catch (error) {
      if (error instanceof AppError) throw error;
      throw new AppError('UPSTREAM_FAILED', MEMBERSHIP_MESSAGES.unavailable(reasonOf(error)));
    }
  };

  return {
    client,
    balanceOf: async (address, { maxAgeMs = ttlMs } = {}) => {
      const key = address.toLowerCase();
      const cached = cache.get(key);
      if (cached && now() - cached.readAt < Math.min(maxAgeMs, ttlMs)) return { balance: cached.balance, fresh: false };
      let pending = inFlight.get(key);
      if (!pending) {
        const startedAt = now();
        pending = read(address)
          .then((balance) => {
            cache.delete(key);
            cache.set(key, { balance, readAt: startedAt });
            if (cache.size > MAX_CACHED_ADDRESSES) cache.delete(cache.keys().next().value as string);
            return balance;
          })
          .finally(() => inFlight.delete(key));
        inFlight.set(key, pending);
      }
      return { balance: await pending, fresh: true };
    },
    forget: (address) => {
      cache.delete(address.toLowerCase());
    },
  };
};
