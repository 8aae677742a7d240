import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { WalletStatus } from '@agentcast/contracts/membership';
import { scriptedFetch } from '../../../testing/render-with-providers.tsx';
import type { Wallet } from './use-wallet-state.ts';

// The SIWE signature is the wallet's and the chain's business: here it resolves when the test says so.
let finishLink: (status: WalletStatus) => void = () => undefined;
vi.mock('./link-wallet-with-siwe.ts', () => ({
  linkWalletWithSiwe: () => new Promise<WalletStatus>((resolve) => (finishLink = resolve)),
}));
vi.mock('wagmi', () => ({ useConfig: () => ({}) }));
const { useMembershipLink } = await import('./use-membership-link.ts');

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** How late the status read that began before the link answers, on the test's clock. */
const LATE_READ_MS = 300;

const ACCOUNT = '0x00000000000000000000000000000000000000aa';
const gate = {
  enabled: true,
  contract: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
  chainId: 8453,
  rpcUrl: 'http://rpc',
};
const status = (linked: boolean): WalletStatus => ({
  gate,
  link: linked ? { address: ACCOUNT, chainId: 8453, verifiedAt: '2026-11-24T16:00:00Z' } : null,
  membership: linked
    ? { outcome: 'member', allowed: true, address: ACCOUNT, message: null }
    : { outcome: 'no_wallet', allowed: false, address: null, message: 'Connect your wallet.' },
});
const wallet = (hasNFT: boolean) =>
  ({ account: ACCOUNT, isConnected: true, hasNFT, chainId: 8453 }) as unknown as Wallet;

describe('linking the wallet to the account', () => {
  it('keeps the link when a status read that began before it answers after it (the gate no longer verifies forever)', async () => {
    const { fetchStub } = scriptedFetch(
      { status: 200, body: status(false) },
      // The refetch asked for when the wallet sees the token: the server read before the link, answered late.
      { status: 200, body: status(false), delayMs: LATE_READ_MS },
    );
    vi.stubGlobal('fetch', fetchStub);
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    const { result, rerender } = renderHook(({ seen }) => useMembershipLink(seen, gate), {
      wrapper,
      initialProps: { seen: wallet(false) },
    });
    await waitFor(() => expect(result.current.needsLink).toBe(true));

    // From here the clock is the test's: the late read answers when the test moves time past its delay, and every
    // timer due by then (the query's notifications included) runs, so nothing waits for real time.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    rerender({ seen: wallet(true) }); // the token is seen: a status read starts
    finishLink(status(true)); // the link answers first
    await vi.advanceTimersByTimeAsync(LATE_READ_MS + 1); // then the older read lands

    expect(result.current.status?.link?.address).toBe(ACCOUNT);
    expect(result.current.needsLink).toBe(false);
    expect(result.current.isLoading).toBe(false);
  });
});
