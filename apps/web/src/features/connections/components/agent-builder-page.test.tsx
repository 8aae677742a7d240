import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  CONNECTION_MESSAGES,
  type ConnectionsOverview,
  type PlatformConnection,
} from '@agentcast/contracts/connections';
import { renderWithProviders, scriptedFetch } from '../../../testing/render-with-providers.tsx';
import { AgentBuilderPage } from './agent-builder-page.tsx';

afterEach(() => vi.unstubAllGlobals());

const connection = (platform: PlatformConnection['platform'], id: string): PlatformConnection => ({
  id,
  platform,
  agent_id: null,
  pending: false,
  account_id: `${platform}-account`,
  display_name: `Ada on ${platform}`,
  handle: null,
  service_url: null,
  reconnect_reason: null,
  scopes: [],
  expires_at: null,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
});

const overview = (connections: PlatformConnection[], unconfigured: string[] = []): ConnectionsOverview => ({
  platforms: (['linkedin', 'instagram', 'youtube', 'x'] as const).map((platform) => ({
    platform,
    configured: !unconfigured.includes(platform),
  })),
  connections,
});

describe('AgentBuilderPage', () => {
  it('shows the three spec cards, the counter, X apart, and the setup guide', async () => {
    vi.stubGlobal('fetch', scriptedFetch({ status: 200, body: overview([]) }).fetchStub);
    renderWithProviders(<AgentBuilderPage onLaunch={() => undefined} />, { route: '/agent-builder' });

    expect(await screen.findByText(CONNECTION_MESSAGES.counter(0))).toHaveTextContent('0 / 3 Platforms Connected');
    expect(screen.getByRole('link', { name: /Back to Home/ })).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: /Back to dashboard/ })).toHaveAttribute('href', '/dashboard');
    for (const name of ['Instagram', 'LinkedIn', 'YouTube', 'X']) {
      expect(
        within(screen.getByRole('article', { name })).getByRole('button', { name: `Connect ${name}` }),
      ).toBeEnabled();
    }
    // X is a panel of its own, not a fourth card beside the three the counter counts.
    const xPanel = screen.getByRole('region', { name: 'Posting to X' });
    expect(within(xPanel).getByTestId('x-connection-state')).toHaveTextContent('Not connected');
    expect(screen.queryByRole('button', { name: 'Launch AI Agent' })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Connect your platforms' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Grant permissions' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Launch your agent' })).toBeInTheDocument();
    // The third step says what the button does.
    expect(screen.getByRole('heading', { name: 'Launch your agent' }).nextElementSibling).toHaveTextContent(
      'Press Launch AI Agent. It opens the Create Agent form on your dashboard with your connected platforms chosen',
    );
  });

  it('shows Launch AI Agent only once one of the spec’s three is connected: X alone does not count', async () => {
    vi.stubGlobal('fetch', scriptedFetch({ status: 200, body: overview([connection('x', 'c3')]) }).fetchStub);
    renderWithProviders(<AgentBuilderPage onLaunch={() => undefined} />, { route: '/agent-builder' });

    expect(await screen.findByText('0 / 3 Platforms Connected')).toBeInTheDocument();
    expect(screen.getByTestId('x-connection-state')).toHaveTextContent('Connected: Ada on x');
    expect(screen.queryByRole('button', { name: 'Launch AI Agent' })).not.toBeInTheDocument();
    expect(
      screen.getByText(/Connect Instagram, LinkedIn or YouTube above and Launch AI Agent appears here/),
    ).toBeVisible();
  });

  it('counts only the three spec platforms, offers Disconnect, and launches with the connected posting platforms', async () => {
    vi.stubGlobal(
      'fetch',
      scriptedFetch({
        status: 200,
        body: overview([connection('linkedin', 'c1'), connection('youtube', 'c2'), connection('x', 'c3')]),
      }).fetchStub,
    );
    const onLaunch = vi.fn();
    renderWithProviders(<AgentBuilderPage onLaunch={onLaunch} />, { route: '/agent-builder' });

    expect(await screen.findByText('2 / 3 Platforms Connected')).toBeInTheDocument();
    expect(
      within(screen.getByRole('article', { name: 'LinkedIn' })).getByRole('button', { name: 'Disconnect' }),
    ).toBeInTheDocument();
    expect(
      within(screen.getByRole('article', { name: 'Instagram' })).getByRole('button', { name: 'Connect Instagram' }),
    ).toBeInTheDocument();
    expect(screen.getByTestId('x-connection-state')).toHaveTextContent('Connected: Ada on x');
    const launch = screen.getByRole('button', { name: 'Launch AI Agent' });
    expect(launch).toHaveAccessibleDescription(
      'Opens the Create Agent form on your dashboard with your connected platforms chosen as where the agent posts.',
    );
    await userEvent.click(launch);
    // YouTube is a place to post to now (its videos as Shorts), as X and LinkedIn are.
    expect(onLaunch).toHaveBeenCalledWith(['x', 'linkedin', 'youtube']);
  });

  it('tells end users a platform is not available yet, without the server settings, and disables its button', async () => {
    vi.stubGlobal('fetch', scriptedFetch({ status: 200, body: overview([], ['youtube', 'x']) }).fetchStub);
    renderWithProviders(<AgentBuilderPage onLaunch={() => undefined} />, { route: '/agent-builder' });

    const card = await screen.findByRole('article', { name: 'YouTube' });
    const button = within(card).getByRole('button', { name: 'Connect YouTube' });
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription('Not available on this server yet');
    // X's panel, where the Terminal's "Connect X" leads, says plainly why X cannot be connected, with no button.
    expect(
      within(screen.getByRole('article', { name: 'X' })).queryByRole('button', { name: 'Connect X' }),
    ).not.toBeInTheDocument();
    expect(screen.getByTestId('x-connection-state')).toHaveTextContent(CONNECTION_MESSAGES.operatorHasNotSetUp('x'));
    expect(CONNECTION_MESSAGES.operatorHasNotSetUp('x')).toBe(
      "This server's operator has not set X up, so X cannot be connected here.",
    );
    expect(document.body).not.toHaveTextContent(/CLIENT_ID|CLIENT_SECRET/);
  });

  it('disconnects and says so', async () => {
    const { fetchStub, calls } = scriptedFetch(
      { status: 200, body: overview([connection('instagram', 'c9')]) },
      { status: 200, body: { success: true, revoked: false } },
      { status: 200, body: overview([]) },
    );
    vi.stubGlobal('fetch', fetchStub);
    renderWithProviders(<AgentBuilderPage onLaunch={() => undefined} />, { route: '/agent-builder' });

    await userEvent.click(await screen.findByRole('button', { name: 'Disconnect' }));
    expect(await screen.findByText('Instagram disconnected successfully')).toBeInTheDocument();
    expect(calls[1]?.url).toBe('/api/connections/c9');
    expect(await screen.findByText('0 / 3 Platforms Connected')).toBeInTheDocument();
  });

  it('says "Reconnect needed" beside a connection the platform no longer accepts, and Reconnect connects again', async () => {
    const revoked = {
      ...connection('bluesky', 'c-bsky'),
      reconnect_reason: 'Reconnect Bluesky: the access was revoked',
    };
    const linkedIn = { ...connection('linkedin', 'c-li'), reconnect_reason: 'Reconnect LinkedIn: the access expired' };
    vi.stubGlobal('fetch', scriptedFetch({ status: 200, body: overview([revoked, linkedIn]) }).fetchStub);
    renderWithProviders(<AgentBuilderPage onLaunch={() => undefined} />, { route: '/agent-builder' });

    const bluesky = await screen.findByRole('article', { name: 'Bluesky' });
    const notice = within(bluesky).getByRole('status');
    expect(within(notice).getByText('Reconnect needed')).toBeVisible();
    expect(notice).toHaveTextContent('Reconnect Bluesky: the access was revoked');
    await userEvent.click(within(bluesky).getByRole('button', { name: 'Reconnect' }));
    expect(within(bluesky).getByRole('group', { name: 'Connect Bluesky' })).toBeVisible();
    expect(within(screen.getByRole('article', { name: 'LinkedIn' })).getByRole('status')).toHaveTextContent(
      'Reconnect LinkedIn: the access expired',
    );
    // A connection that works says nothing of the kind.
    expect(within(screen.getByRole('article', { name: 'YouTube' })).queryByRole('status')).not.toBeInTheDocument();
  });
});
