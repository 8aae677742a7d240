import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PUBLISHING_MESSAGES, RETRY_MESSAGES } from '@agentcast/contracts/publishing';
import type { Delivery } from '@agentcast/contracts/terminal';
import { renderWithProviders, routedFetch } from '../../../testing/render-with-providers.tsx';
import { DeliveryChip } from './delivery-chip.tsx';

const RETRY_URL = 'POST /api/terminal/message-1/posts/x/retry';

const showChip = (delivery: Delivery, routes: Parameters<typeof routedFetch>[0]) => {
  const { fetchStub, calls } = routedFetch(routes);
  vi.stubGlobal('fetch', fetchStub);
  renderWithProviders(
    <ul>
      <DeliveryChip delivery={delivery} messageId="message-1" agentId="agent-1" />
    </ul>,
  );
  return calls;
};

const connections = (connected: boolean) => ({
  platforms: [{ platform: 'x', configured: true }],
  connections: connected ? [{ id: 'c1', platform: 'x', pending: false }] : [],
});

describe('Retry on a delivery that failed', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sends the post again when asked, and says why when the server refuses', async () => {
    const calls = showChip(
      { platform: 'x', status: 'failed', error: 'X refused the post (403: Forbidden).' },
      {
        'GET /api/connections': connections(true),
        [RETRY_URL]: () => ({ status: 409, body: { code: 'CONFLICT', message: RETRY_MESSAGES.goingOut('x') } }),
      },
    );
    await userEvent.click(screen.getByRole('button', { name: 'Retry posting to X' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(RETRY_MESSAGES.goingOut('x'));
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1);
  });

  it('waits for an account when none was connected: a note until X is connected, Retry after', async () => {
    const notConnected: Delivery = { platform: 'x', status: 'failed', error: PUBLISHING_MESSAGES.notConnected('x') };
    showChip(notConnected, { 'GET /api/connections': connections(false) });
    expect(await screen.findByText('Retry is offered here once X is connected.')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Connect X' })).toBeVisible();
    expect(screen.queryByRole('button', { name: /Retry/ })).not.toBeInTheDocument();
  });

  it('offers Retry, not Connect, for a post that had no account once X is connected', async () => {
    const notConnected: Delivery = { platform: 'x', status: 'failed', error: PUBLISHING_MESSAGES.notConnected('x') };
    showChip(notConnected, { 'GET /api/connections': connections(true) });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Retry posting to X' })).toBeVisible());
    expect(screen.queryByRole('link', { name: 'Connect X' })).not.toBeInTheDocument();
  });
});
