import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BILLING_MESSAGES, type BillingStatus } from '@agentcast/contracts/billing';
import { renderWithProviders, scriptedFetch } from '../../../testing/render-with-providers.tsx';
import { BillingControls } from './billing-controls.tsx';

afterEach(() => vi.unstubAllGlobals());

const on: BillingStatus = { enabled: true, subscription: null };

describe('BillingControls', () => {
  it('says the operator sets the plan when billing is off', async () => {
    vi.stubGlobal('fetch', scriptedFetch({ status: 200, body: { enabled: false, subscription: null } }).fetchStub);
    renderWithProviders(<BillingControls mayPay />);
    expect(await screen.findByText('This server’s operator sets the plan.')).toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('lets an Owner choose a plan and period, and sends the browser to Stripe’s page', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const { fetchStub, calls } = scriptedFetch(
      { status: 200, body: on },
      { status: 201, body: { url: 'http://127.0.0.1:9/pay/cs_test_1' } },
    );
    vi.stubGlobal('fetch', fetchStub);
    renderWithProviders(<BillingControls mayPay />);

    await userEvent.click(await screen.findByRole('button', { name: 'Yearly' }));
    await userEvent.click(screen.getByRole('button', { name: 'Choose Pro · $2400/year' }));
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('http://127.0.0.1:9/pay/cs_test_1'));
    expect(calls.at(-1)).toEqual({ url: '/api/billing/checkout', body: { plan: 'pro', period: 'yearly' } });
    expect(screen.getByRole('link', { name: 'contact us' })).toHaveAttribute('href', 'mailto:sales@agentcast.app');
  });

  it('shows a paid plan with Manage billing, and the server’s sentence when Stripe fails', async () => {
    const paid: BillingStatus = {
      enabled: true,
      subscription: {
        plan: 'starter',
        period: 'monthly',
        status: 'past_due',
        renews_at: '2026-12-30T10:00:00.000Z',
        cancel_at_period_end: false,
      },
    };
    const failure = BILLING_MESSAGES.stripeFailed('Stripe is down');
    vi.stubGlobal(
      'fetch',
      scriptedFetch({ status: 200, body: paid }, { status: 502, body: { code: 'UPSTREAM_FAILED', message: failure } })
        .fetchStub,
    );
    renderWithProviders(<BillingControls mayPay />);
    expect((await screen.findByText(/Starter · monthly by card/)).closest('p')).toHaveTextContent(
      'Payment failed: Stripe is trying the card again',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Manage billing' }));
    expect(await screen.findByText(failure)).toBeInTheDocument();
  });

  it('tells other members that only an Owner pays', async () => {
    vi.stubGlobal('fetch', scriptedFetch({ status: 200, body: on }).fetchStub);
    renderWithProviders(<BillingControls mayPay={false} />);
    expect(await screen.findByText('Only an Owner of this workspace pays for its plan.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Choose/ })).not.toBeInTheDocument();
  });
});
