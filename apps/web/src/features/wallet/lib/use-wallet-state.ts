import { useCallback, useEffect, useRef, useState } from 'react';
import { erc721Abi, type Address, type EIP1193Provider, type WalletClient } from 'viem';
import { useConfig, useConnection, useWalletClient } from 'wagmi';
import { connect as connectWallet, disconnect as disconnectWallet, getConnection, readContract } from 'wagmi/actions';
import type { MembershipGateSettings } from '@agentcast/contracts/membership';
import { CHAIN_CLIENT_SETTINGS, FORCE_RECONNECT_DELAY_MS, WALLET_ERRORS } from '@agentcast/contracts/wallet';
import { requestBaseNetwork, WalletError } from './request-base-network.ts';

/** Spec §3, the wallet state, field for field. */
export type WalletState = {
  account: Address | null;
  /** The EIP-1193 provider of the injected wallet. */
  provider: EIP1193Provider | null;
  /** A viem wallet client on the connected account (signs the link message). */
  signer: WalletClient | null;
  isConnected: boolean;
  hasNFT: boolean;
  isLoading: boolean;
  error: string | null;
};

export type Wallet = WalletState & {
  /** The chain the wallet is on, as it last reported. */
  chainId: number | null;
  connect: () => Promise<void>;
  disconnect: () => Promise<void>;
  forceReconnect: () => Promise<void>;
  switchToBase: () => Promise<void>;
  /** Reads the balance again now. */
  recheck: () => Promise<void>;
};

type Seen = { status: string; account: Address | undefined; chainId: number | undefined };
const sameSeen = (a: Seen, b: Seen) => a.status === b.status && a.account === b.account && a.chainId === b.chainId;

const reasonOf = (error: unknown) =>
  (error as { shortMessage?: string }).shortMessage ?? (error as Error).message ?? String(error);
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The wallet side of the gate, every transition of spec §4 "Wallet" on top of wagmi's injected connector:
 * 1. connect on approval (eth_requestAccounts); 2. check the chain and ask for Base, adding it on 4902;
 * 3. balanceOf > 0 → hasNFT; 4. accounts changed: none → full disconnect, else re-check the new account;
 * 5. chain changed: wrong → hasNFT false and 'Please switch to Base network', right → error cleared, re-check;
 * 6. Force Reconnect: disconnect, wait 100 ms, connect. While access is denied the balance is polled (every
 * 4000 ms), so a token that arrives opens the gate without a reload.
 */
export const useWalletState = (
  gate: MembershipGateSettings & { contract: Address },
  /** Keep polling the balance even while it is above 0 (the server says the token is gone). */
  { keepChecking = false }: { keepChecking?: boolean } = {},
): Wallet => {
  const config = useConfig();
  const connection = useConnection();
  const { data: signer } = useWalletClient({ query: { enabled: connection.status === 'connected' } });
  const connector = config.connectors[0];
  const [provider, setProvider] = useState<EIP1193Provider | null>(null);
  const [hasNFT, setHasNFT] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [isConnecting, setConnecting] = useState(false);
  const [checksRunning, setChecksRunning] = useState(0);
  /** Only the newest balance check may set the state; older answers are for an account or chain gone by. */
  const checkSequence = useRef(0);
  const inConnectFlow = useRef(false);

  const { status, address: account, chainId: walletChainId } = connection;
  const { chainId: gateChainId, contract, rpcUrl } = gate;

  useEffect(() => {
    let live = true;
    void connector?.getProvider().then((found) => live && setProvider((found as EIP1193Provider | undefined) ?? null));
    return () => {
      live = false;
    };
  }, [connector, status]);

  const verify = useCallback(
    async (address: Address | undefined, onChainId: number | undefined, { quiet = false } = {}) => {
      const sequence = ++checkSequence.current;
      const isCurrent = () => sequence === checkSequence.current;
      const walletProvider = await connector?.getProvider();
      if (!isCurrent()) return;
      if (!walletProvider) return (setHasNFT(false), setError(WALLET_ERRORS.providerUnavailable));
      if (!address) return (setHasNFT(false), setError(WALLET_ERRORS.noAccountProvided));
      if (onChainId !== gateChainId)
        return (setHasNFT(false), setError(WALLET_ERRORS.wrongNetwork(onChainId ?? 'unknown', gateChainId)));
      if (!quiet) setChecksRunning((count) => count + 1);
      try {
        const balance = await readContract(config, {
          address: contract,
          abi: erc721Abi,
          functionName: 'balanceOf',
          args: [address],
          chainId: gateChainId,
        });
        if (!isCurrent()) return;
        setHasNFT(balance > 0n);
        setError(null);
      } catch (cause) {
        if (!isCurrent()) return;
        setHasNFT(false);
        setError(WALLET_ERRORS.verifyFailed(reasonOf(cause)));
      } finally {
        if (!quiet) setChecksRunning((count) => count - 1);
      }
    },
    [config, connector, contract, gateChainId],
  );

  // Steps 3 to 5: react to what the wallet reports (wagmi follows its accountsChanged and chainChanged events).
  const onWalletChange = useCallback(
    (now: Seen, before: Seen) => {
      const wasConnected = before.status === 'connected' && before !== now;
      if (now.status !== 'connected' || !now.account) {
        if (wasConnected && now.status === 'disconnected') {
          checkSequence.current++;
          setHasNFT(false);
          setError(null);
        }
        return;
      }
      const chainChanged = wasConnected && before.chainId !== now.chainId;
      if (wasConnected && before.account !== now.account) setHasNFT(false);
      if (now.chainId !== gateChainId) {
        if (chainChanged) {
          checkSequence.current++;
          setHasNFT(false);
          setError(WALLET_ERRORS.pleaseSwitch);
        } else if (inConnectFlow.current) {
          setHasNFT(false); // connect() asks for the switch itself
        } else {
          void verify(now.account, now.chainId);
        }
        return;
      }
      if (chainChanged) setError(null);
      void verify(now.account, now.chainId);
    },
    [gateChainId, verify],
  );

  useEffect(
    () =>
      config.subscribe(
        (): Seen => {
          const current = getConnection(config);
          return { status: current.status, account: current.address, chainId: current.chainId };
        },
        onWalletChange,
        // The first call (now === before) is the initial observation: a check, never a "change".
        { emitImmediately: true, equalityFn: sameSeen },
      ),
    [config, onWalletChange],
  );

  // While denied on the right chain, watch for a token arriving (or leaving, when the server says it left).
  useEffect(() => {
    if (status !== 'connected' || !account || walletChainId !== gateChainId || (hasNFT && !keepChecking)) return;
    const timer = setInterval(
      () => void verify(account, walletChainId, { quiet: true }),
      CHAIN_CLIENT_SETTINGS.pollingIntervalMs,
    );
    return () => clearInterval(timer);
  }, [status, account, walletChainId, gateChainId, hasNFT, keepChecking, verify]);

  const connect = useCallback(async () => {
    const walletProvider = (await connector?.getProvider()) as EIP1193Provider | undefined;
    if (!connector || !walletProvider) return setError(WALLET_ERRORS.notInstalled);
    setError(null);
    inConnectFlow.current = true;
    setConnecting(true);
    try {
      let accounts: readonly Address[];
      try {
        ({ accounts } = await connectWallet(config, { connector }));
      } catch {
        return setError(WALLET_ERRORS.connectFailed);
      }
      if (accounts.length === 0) {
        await disconnectWallet(config).catch(() => undefined);
        return setError(WALLET_ERRORS.noAccounts);
      }
      let current: number;
      try {
        current = Number(await walletProvider.request({ method: 'eth_chainId' }));
      } catch {
        return setError(WALLET_ERRORS.checkNetworkFailed);
      }
      if (current === gateChainId) return;
      try {
        await requestBaseNetwork(walletProvider, { chainId: gateChainId, rpcUrl });
      } catch (cause) {
        setError(cause instanceof WalletError ? cause.message : WALLET_ERRORS.switchFailed);
      }
    } finally {
      inConnectFlow.current = false;
      setConnecting(false);
    }
  }, [config, connector, gateChainId, rpcUrl]);

  const disconnect = useCallback(async () => {
    checkSequence.current++;
    await disconnectWallet(config).catch(() => undefined);
    setHasNFT(false);
    setError(null);
  }, [config]);

  const forceReconnect = useCallback(async () => {
    await disconnect();
    await wait(FORCE_RECONNECT_DELAY_MS);
    await connect();
  }, [connect, disconnect]);

  const switchToBase = useCallback(async () => {
    const walletProvider = (await connector?.getProvider()) as EIP1193Provider | undefined;
    if (!walletProvider) return setError(WALLET_ERRORS.providerUnavailable);
    try {
      await requestBaseNetwork(walletProvider, { chainId: gateChainId, rpcUrl });
      // Already on Base, the wallet emits no chainChanged: check now.
      const current = Number(await walletProvider.request({ method: 'eth_chainId' }));
      if (current === gateChainId) await verify(account, current);
    } catch (cause) {
      setError(cause instanceof WalletError ? cause.message : WALLET_ERRORS.checkNetworkFailed);
    }
  }, [account, connector, gateChainId, rpcUrl, verify]);

  const recheck = useCallback(() => verify(account, walletChainId), [account, walletChainId, verify]);

  const isConnected = status === 'connected' && Boolean(account);
  return {
    account: isConnected ? (account ?? null) : null,
    provider,
    signer: isConnected ? (signer ?? null) : null,
    isConnected,
    hasNFT: isConnected && hasNFT,
    isLoading: isConnecting || status === 'connecting' || status === 'reconnecting' || checksRunning > 0,
    error,
    chainId: isConnected ? (walletChainId ?? null) : null,
    connect,
    disconnect,
    forceReconnect,
    switchToBase,
    recheck,
  };
};
