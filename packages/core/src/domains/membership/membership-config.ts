import type { Address } from 'viem';

/** An on-chain balance read is reused at most this long (design §4: "cached briefly, re-checked"). */
export const MAX_MEMBERSHIP_CACHE_MS = 60_000;

/** The membership gate's settings (MEMBERSHIP_* in the server's env.ts). */
export type MembershipConfig = {
  /** Whether gated routes and the scheduler require membership. Never on without a contract. */
  enabled: boolean;
  /** The ERC-721 collection whose tokens open the dashboard. */
  contract: Address | undefined;
  /** The chain the collection lives on; SIWE messages must name it (Base: 8453). */
  chainId: number;
  /** JSON-RPC endpoint of that chain. */
  rpcUrl: string;
  /** How long a balance read is reused, at most MAX_MEMBERSHIP_CACHE_MS; tests shorten it. */
  cacheTtlMs: number;
};
