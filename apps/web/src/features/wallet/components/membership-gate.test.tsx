import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MEMBERSHIP_MESSAGES, type WalletStatus } from '@agentcast/contracts/membership';
import { WALLET_ERRORS, WALLET_GATE_TEXTS } from '@agentcast/contracts/wallet';
import { renderWithProviders, scriptedFetch } from '../../../testing/render-with-providers.tsx';
import { MembershipGate } from './membership-gate.tsx';
import { WalletWarning } from './wallet-warning.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  window.sessionStorage.clear();
});

const gateOff: WalletStatus = {
  gate: { enabled: false, contract: null, chainId: 8453, rpcUrl: 'https://mainnet.base.org' },
  link: null,
  membership: { outcome: 'gate_off', allowed: true, address: null, message: MEMBERSHIP_MESSAGES.gateOff },
};
const page = () => <p>The dashboard</p>;

describe('MembershipGate', () => {
  it('shows "Verifying Access...", then, with the gate off, the page with a plain notice', async () => {
    const { fetchStub, calls } = scriptedFetch({ status: 200, body: gateOff, delayMs: 20 });
    vi.stubGlobal('fetch', fetchStub);
    renderWithProviders(<MembershipGate renderGated={page} />);

    expect(screen.getByRole('status')).toHaveTextContent(WALLET_GATE_TEXTS.verifying);
    expect(await screen.findByText('The dashboard')).toBeInTheDocument();
    expect(screen.getByRole('note')).toHaveTextContent(MEMBERSHIP_MESSAGES.gateOff);
    expect(calls.map((call) => call.url)).toEqual(['/api/wallet']);
  });

  it('opens for a member of a team whose owner holds the token, without a wallet, and says why', async () => {
    const team: WalletStatus = {
      gate: { enabled: true, contract: '0x5FbDB2315678afecb367f032d93F642f64180aa3', chainId: 8453, rpcUrl: '/rpc' },
      link: null,
      membership: { outcome: 'team', allowed: true, address: null, message: MEMBERSHIP_MESSAGES.team },
    };
    vi.stubGlobal('fetch', scriptedFetch({ status: 200, body: team }).fetchStub);
    renderWithProviders(<MembershipGate renderGated={page} />);

    expect(await screen.findByText('The dashboard')).toBeInTheDocument();
    expect(screen.getByRole('note')).toHaveTextContent(MEMBERSHIP_MESSAGES.team);
  });

  it('shows the gate-off note once per browser session, and lets it be dismissed', async () => {
    vi.stubGlobal('fetch', scriptedFetch({ status: 200, body: gateOff }).fetchStub);
    const first = renderWithProviders(<MembershipGate renderGated={page} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Dismiss the membership gate note' }));
    expect(screen.queryByRole('note')).not.toBeInTheDocument();
    first.unmount();

    vi.stubGlobal('fetch', scriptedFetch({ status: 200, body: gateOff }).fetchStub);
    renderWithProviders(<MembershipGate renderGated={page} />);
    expect(await screen.findByText('The dashboard')).toBeInTheDocument();
    expect(screen.queryByRole('note')).not.toBeInTheDocument();
  });

  it('says why when the server cannot answer, and tries again on request', async () => {
    const { fetchStub } = scriptedFetch(
      {
        status: 502,
        body: { code: 'UPSTREAM_FAILED', message: MEMBERSHIP_MESSAGES.unavailable('HTTP request failed.') },
      },
      { status: 200, body: gateOff },
    );
    vi.stubGlobal('fetch', fetchStub);
    renderWithProviders(<MembershipGate renderGated={page} />);

    expect(await screen.findByRole('alert')).toHaveTextContent(MEMBERSHIP_MESSAGES.unavailable('HTTP request failed.'));
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('The dashboard')).toBeInTheDocument();
  });
});

describe('WalletWarning', () => {
  it('offers the switch to Base when the text mentions the Base network, and only then', async () => {
    const onSwitch = vi.fn();
    const { rerender } = renderWithProviders(
      <WalletWarning message={WALLET_ERRORS.checkNetworkFailed} onSwitchToBase={onSwitch} />,
    );
    expect(screen.getByRole('alert')).toHaveTextContent(WALLET_ERRORS.checkNetworkFailed);
    expect(screen.queryByRole('button', { name: WALLET_GATE_TEXTS.switchToBase })).not.toBeInTheDocument();

    rerender(<WalletWarning message={WALLET_ERRORS.pleaseSwitch} onSwitchToBase={onSwitch} />);
    await userEvent.click(screen.getByRole('button', { name: WALLET_GATE_TEXTS.switchToBase }));
    expect(onSwitch).toHaveBeenCalledOnce();
  });
});
