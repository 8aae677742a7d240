import { createConfig, http, type Config } from 'wagmi';
import { injected } from 'wagmi/connectors/injected';
import type { MembershipGateSettings } from '@agentcast/contracts/membership';
import { CHAIN_CLIENT_SETTINGS } from '@agentcast/contracts/wallet';
import { walletChain } from './wallet-chain.ts';

/**
 * wagmi with the injected connector (MetaMask, or whatever wallet sits at window.ethereum) and one chain. The
 * chain client keeps spec §9's library settings: poll every 4000 ms, JSON-RPC batches of at most 100, a 250 ms
 * cache. EIP-6963 discovery is off: the spec's gate talks to the one injected wallet.
 */
export const createWalletConfig = (gate: MembershipGateSettings): Config => {
  const chain = walletChain(gate);
  return createConfig({
    chains: [chain],
    connectors: [injected({ shimDisconnect: true })],
    transports: { [chain.id]: http(gate.rpcUrl, { batch: { batchSize: CHAIN_CLIENT_SETTINGS.batchSize } }) },
    pollingInterval: CHAIN_CLIENT_SETTINGS.pollingIntervalMs,
    cacheTime: CHAIN_CLIENT_SETTINGS.cacheTimeMs,
    multiInjectedProviderDiscovery: false,
  });
};
