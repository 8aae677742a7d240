import { createConfig, http, type Config } from 'wagmi';
import { injected } from 'wagmi/connectors/injected';
import type { MembershipGateSettings } from '@agentcast/contracts/membership';
import { CHAIN_CLIENT_SETTINGS } from '@agentcast/contracts/wallet';
import { walletChain } from './wallet-chain.ts';

/**
 * wagmi with the injected connector (MetaMask, or whatever wallet sits at window.ethereum) and one chain. The
 * chain client keeps spec §9's library settings: poll every 4000 ms, JSON-RPC batches of at most 100, a 250 ms
 * cache. Calls are not folded into Multicall3 contract calls (wagmi's default): every read is a plain eth_call, as
 * the spec's wallet calls are, and works on any node. EIP-6963 discovery is off: the gate talks to the one
 * injected wallet.
 */
export const createWalletConfig = (gate: MembershipGateSettings): Config => {
  const chain = walletChain(gate);
  return createConfig({
    chains: [chain],
    // No disconnect shim: connecting asks with eth_requestAccounts (spec §7), not wallet_requestPermissions.
    connectors: [injected({ shimDisconnect: false })],
    transports: { [chain.id]: http(gate.rpcUrl, { batch: { batchSize: CHAIN_CLIENT_SETTINGS.batchSize } }) },
    batch: { multicall: false },
    pollingInterval: CHAIN_CLIENT_SETTINGS.pollingIntervalMs,
    cacheTime: CHAIN_CLIENT_SETTINGS.cacheTimeMs,
    multiInjectedProviderDiscovery: false,
  });
};
