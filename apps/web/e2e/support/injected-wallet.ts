import type { Page } from '@playwright/test';
import { type Address, type Hex } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';

/** What the test can see of and do to the wallet injected into the page. */
export type TestWalletHandle = {
  /** The wallet's accounts (one per key), first is the selected one. */
  addresses: Address[];
  keys: Hex[];
  /** The JSON-RPC methods the page asked the wallet for, in order. */
  calls: () => Promise<string[]>;
  /** wallet_addEthereumChain parameters the page sent. */
  addedChains: () => Promise<Record<string, unknown>[]>;
  /** The person switches network in the wallet: chainChanged. */
  switchChain: (chainId: number) => Promise<void>;
  /** The person switches or disconnects accounts in the wallet (empty = locked): accountsChanged. */
  setAccounts: (addresses: Address[]) => Promise<void>;
};

type WalletOptions = {
  /** Where reads and anything else go (anvil). */
  rpcUrl: string;
  /** How many accounts the wallet holds; each gets a fresh key. */
  accounts?: number;
  /** The chain the wallet is on when the page opens. */
  chainId?: number;
  /** Chains the wallet knows; switching to another one fails with 4902 until it is added. */
  knownChains?: number[];
  /** The person refuses every network switch (4001). */
  rejectSwitch?: boolean;
  /** The person refuses to add a network (4001). */
  rejectAdd?: boolean;
};

/**
 * Injects an EIP-1193 provider as window.ethereum (MetaMask-like) before the page's scripts run. It answers the
 * account and chain methods itself, forwards everything else to anvil, and signs personal_sign with the test's
 * keys (in the test process, through an exposed function: the keys never enter the page). Approval and the
 * selected chain survive reloads, as in a real wallet.
 */
export const injectTestWallet = async (page: Page, options: WalletOptions): Promise<TestWalletHandle> => {
  const keys = Array.from({ length: options.accounts ?? 1 }, () => generatePrivateKey());
  const signers = new Map(
    keys.map((key) => [privateKeyToAccount(key).address.toLowerCase(), privateKeyToAccount(key)]),
  );
  const addresses = keys.map((key) => privateKeyToAccount(key).address);

  await page.exposeFunction('__testWalletSign', async (data: Hex, address: string) => {
    const signer = signers.get(address.toLowerCase());
    if (!signer) throw new Error(`the wallet holds no key for ${address}`);
    return signer.signMessage({ message: { raw: data } });
  });
  await page.addInitScript(
    ({ rpcUrl, addresses, chainId, knownChains, rejectSwitch, rejectAdd }) => {
      type Listener = (value: unknown) => void;
      const saved = JSON.parse(sessionStorage.getItem('__testWallet') ?? 'null') as {
        authorized: boolean;
        chainId: number;
        accounts: string[];
      } | null;
      const state = {
        authorized: saved?.authorized ?? false,
        chainId: saved?.chainId ?? chainId,
        accounts: saved?.accounts ?? addresses,
        known: new Set(knownChains),
        calls: [] as string[],
        added: [] as Record<string, unknown>[],
        listeners: new Map<string, Set<Listener>>(),
      };
      const save = () =>
        sessionStorage.setItem(
          '__testWallet',
          JSON.stringify({ authorized: state.authorized, chainId: state.chainId, accounts: state.accounts }),
        );
      const emit = (event: string, value: unknown) =>
        state.listeners.get(event)?.forEach((listener) => listener(value));
      const rpcError = (code: number, message: string) => Object.assign(new Error(message), { code });
      const hex = (value: number) => `0x${value.toString(16)}`;
      const setChain = (id: number) => {
        if (state.chainId === id) return;
        state.chainId = id;
        save();
        emit('chainChanged', hex(id));
      };
      const forward = async (method: string, params: unknown) => {
        const response = await fetch(rpcUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params: params ?? [] }),
        });
        const body = (await response.json()) as { result?: unknown; error?: { code: number; message: string } };
        if (body.error) throw rpcError(body.error.code, body.error.message);
        return body.result;
      };
      const granted = () => (state.authorized ? state.accounts : []);

      const provider = {
        isMetaMask: true,
        request: async ({ method, params }: { method: string; params?: unknown[] }) => {
          state.calls.push(method);
          switch (method) {
            case 'eth_chainId':
              return hex(state.chainId);
            case 'net_version':
              return String(state.chainId);
            case 'eth_accounts':
              return granted();
            case 'eth_requestAccounts':
            case 'wallet_requestPermissions': {
              state.authorized = true;
              save();
              return method === 'eth_requestAccounts'
                ? state.accounts
                : [
                    {
                      parentCapability: 'eth_accounts',
                      caveats: [{ type: 'restrictReturnedAccounts', value: state.accounts }],
                    },
                  ];
            }
            case 'wallet_revokePermissions':
              state.authorized = false;
              save();
              return null;
            case 'wallet_switchEthereumChain': {
              const id = Number((params?.[0] as { chainId: string }).chainId);
              if (rejectSwitch) throw rpcError(4001, 'User rejected the request.');
              if (!state.known.has(id)) throw rpcError(4902, `Unrecognized chain ID "${hex(id)}".`);
              setChain(id);
              return null;
            }
            case 'wallet_addEthereumChain': {
              const chain = params?.[0] as { chainId: string };
              if (rejectAdd) throw rpcError(4001, 'User rejected the request.');
              state.added.push(chain);
              state.known.add(Number(chain.chainId));
              setChain(Number(chain.chainId));
              return null;
            }
            case 'personal_sign': {
              const [data, address] = params as [string, string];
              if (!granted().some((account) => account.toLowerCase() === address.toLowerCase()))
                throw rpcError(4100, 'Unauthorized');
              return (
                window as unknown as { __testWalletSign: (data: string, address: string) => Promise<string> }
              ).__testWalletSign(data, address);
            }
            default:
              return forward(method, params);
          }
        },
        on: (event: string, listener: Listener) => {
          if (!state.listeners.has(event)) state.listeners.set(event, new Set());
          state.listeners.get(event)?.add(listener);
          return provider;
        },
        removeListener: (event: string, listener: Listener) => {
          state.listeners.get(event)?.delete(listener);
          return provider;
        },
      };
      Object.assign(window, {
        ethereum: provider,
        __testWallet: {
          calls: () => [...state.calls],
          added: () => [...state.added],
          switchChain: (id: number) => setChain(id),
          setAccounts: (accounts: string[]) => {
            state.accounts = accounts;
            save();
            emit('accountsChanged', granted());
          },
        },
      });
    },
    {
      rpcUrl: options.rpcUrl,
      addresses,
      chainId: options.chainId ?? 8453,
      knownChains: options.knownChains ?? [8453],
      rejectSwitch: options.rejectSwitch ?? false,
      rejectAdd: options.rejectAdd ?? false,
    },
  );

  return {
    addresses,
    keys,
    calls: () => page.evaluate(() => (window as unknown as PageWindow).__testWallet.calls()),
    addedChains: () => page.evaluate(() => (window as unknown as PageWindow).__testWallet.added()),
    switchChain: async (chainId) => {
      await page.evaluate((id) => (window as unknown as PageWindow).__testWallet.switchChain(id), chainId);
    },
    setAccounts: async (accounts) => {
      await page.evaluate((list) => (window as unknown as PageWindow).__testWallet.setAccounts(list), accounts);
    },
  };
};

/** The controls the init script leaves on the page's window. */
type PageWindow = {
  __testWallet: {
    calls: () => string[];
    added: () => Record<string, unknown>[];
    switchChain: (id: number) => void;
    setAccounts: (accounts: string[]) => void;
  };
};
