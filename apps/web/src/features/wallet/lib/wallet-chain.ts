import { defineChain, type Chain } from 'viem';
import { base } from 'viem/chains';
import type { MembershipGateSettings } from '@agentcast/contracts/membership';
import { BASE_CHAIN } from '@agentcast/contracts/wallet';

/** Base (spec §9: 8453, ETH with 18 decimals), read through the RPC the server names. */
export const walletChain = (gate: MembershipGateSettings): Chain =>
  defineChain({
    ...base,
    id: gate.chainId,
    name: BASE_CHAIN.name,
    nativeCurrency: BASE_CHAIN.nativeCurrency,
    rpcUrls: { default: { http: [gate.rpcUrl] } },
    blockExplorers: { default: { name: 'Basescan', url: BASE_CHAIN.blockExplorerUrl } },
  });
