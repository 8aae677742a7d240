import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AGENT_MESSAGES } from '@agentcast/contracts/agents';
import {
  CONNECTION_MESSAGES,
  type ConnectionsOverview,
  type PlatformConnection,
} from '@agentcast/contracts/connections';
import { renderWithProviders, routedFetch } from '../../../testing/render-with-providers.tsx';
import { CreateAgentScreen } from './create-agent-screen.tsx';

afterEach(() => vi.unstubAllGlobals());

// A whole form in jsdom, its queries by role included, takes seconds on a busy machine.
vi.setConfig({ testTimeout: 30_000 });

const accountConnection = (platform: PlatformConnection['platform']): PlatformConnection => ({
  id: `${platform}-1`,
  platform,
  agent_id: null,
  pending: false,
  account_id: `${platform}-account`,
  display_name: 'Ada Lovelace',
  handle: platform === 'x' ? 'ada' : null,
  service_url: null,
  reconnect_reason: null,
  scopes: [],
  expires_at: null,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
});

const overview = ({
  unconfigured = [],
  connections = [],
}: { unconfigured?: string[]; connections?: PlatformConnection[] } = {}): ConnectionsOverview => ({
  platforms: (['linkedin', 'instagram', 'youtube', 'x'] as const).map((platform) => ({
    platform,
    configured: !unconfigured.includes(platform),
  })),
  connections,
});

const openForm = async (connections: ConnectionsOverview) => {
  const { fetchStub, calls } = routedFetch({
    'GET /api/connections': connections,
    'POST /api/oauth/start': { url: 'http://provider.test/authorize', state: 'state-1' },
  });
  vi.stubGlobal('fetch', fetchStub);
  renderWithProviders(<CreateAgentScreen onDone={() => undefined} />);
  const postTo = await screen.findByRole('group', { name: 'Post to' });
  return { postTo, calls };
};

const checkbox = (group: HTMLElement, name: string) => within(group).getByRole('checkbox', { name });

describe('Create Agent: where a new agent posts (issue 41 §5)', () => {
  it('with X set up on this server, starts with the spec’s Terminal and X, and says X is not connected, with Connect', async () => {
    const { postTo, calls } = await openForm(overview());
    expect(checkbox(postTo, 'Terminal')).toBeChecked();
    expect(checkbox(postTo, 'X (Twitter)')).toBeChecked();
    const replyOn = screen.getByRole('group', { name: 'Reply on' });
    expect(checkbox(replyOn, 'X (Twitter)')).toBeChecked();
    expect(within(replyOn).getByRole('button', { name: 'Connect' })).toHaveAccessibleDescription(
      CONNECTION_MESSAGES.notConnectedForReplies('x'),
    );
    expect(screen.queryByText(AGENT_MESSAGES.xNotSetUp)).not.toBeInTheDocument();

    const connect = within(postTo).getByRole('button', { name: 'Connect' });
    expect(connect).toHaveAccessibleDescription(CONNECTION_MESSAGES.notConnectedForPosts('x'));
    // The popup opens at once, within the click; the server then starts the round for the agent-to-be.
    const popup = { closed: false, close: vi.fn(), location: { href: 'about:blank' } };
    const open = vi.fn(() => popup);
    vi.stubGlobal('open', open);
    await userEvent.click(connect);
    expect(open).toHaveBeenCalledWith('about:blank', 'agentcast-oauth-x', expect.stringContaining('width=500'));
    await vi.waitFor(() => expect(popup.location.href).toBe('http://provider.test/authorize'));
    expect(calls.find((call) => call.method === 'POST')?.body).toMatchObject({ platform: 'x', newAgent: true });

    // Unticked, the note goes; ticking a platform nobody connected brings its own.
    await userEvent.click(checkbox(postTo, 'X (Twitter)'));
    expect(within(postTo).queryByRole('button', { name: 'Connect' })).not.toBeInTheDocument();
    await userEvent.click(checkbox(postTo, 'LinkedIn'));
    expect(within(postTo).getByText(CONNECTION_MESSAGES.notConnectedForPosts('linkedin'))).toBeVisible();
  });

  it('without X set up, starts with the Terminal alone and says why', async () => {
    const { postTo } = await openForm(overview({ unconfigured: ['x'] }));
    expect(checkbox(postTo, 'Terminal')).toBeChecked();
    expect(checkbox(postTo, 'X (Twitter)')).not.toBeChecked();
    expect(checkbox(screen.getByRole('group', { name: 'Reply on' }), 'X (Twitter)')).not.toBeChecked();
    expect(within(postTo).getByText(AGENT_MESSAGES.xNotSetUp)).toBeVisible();

    // Ticked anyway, X says nobody can connect it here, and offers no Connect.
    await userEvent.click(checkbox(postTo, 'X (Twitter)'));
    expect(within(postTo).getByText(CONNECTION_MESSAGES.notSetUpForPosts('x'))).toBeVisible();
    expect(within(postTo).queryByRole('button', { name: 'Connect' })).not.toBeInTheDocument();
  });

  it('says nothing about X when the account connected it on the Agent Builder', async () => {
    const { postTo } = await openForm(overview({ connections: [accountConnection('x')] }));
    expect(checkbox(postTo, 'X (Twitter)')).toBeChecked();
    expect(within(postTo).queryByText(/is not connected/)).not.toBeInTheDocument();
    expect(within(postTo).queryByRole('button', { name: 'Connect' })).not.toBeInTheDocument();
  });
});

describe('Create Agent: media rules as soon as a platform is ticked (issue 41 §6)', () => {
  it('says YouTube takes videos only, and turns Video on from the note', async () => {
    const { postTo } = await openForm(overview({ connections: [accountConnection('youtube')] }));
    await userEvent.click(checkbox(postTo, 'YouTube'));
    expect(within(postTo).getByText(AGENT_MESSAGES.mediaRule('YouTube', 'video', false))).toBeVisible();
    expect(screen.getByRole('checkbox', { name: 'Video' })).not.toBeChecked();

    await userEvent.click(within(postTo).getByRole('button', { name: 'Turn on Video' }));
    expect(screen.getByRole('checkbox', { name: 'Video' })).toBeChecked();
    expect(within(postTo).getByText(AGENT_MESSAGES.mediaRule('YouTube', 'video', true))).toBeVisible();
  });

  it('says Instagram needs a picture or a video until one of the media is on', async () => {
    const { postTo } = await openForm(overview({ connections: [accountConnection('instagram')] }));
    await userEvent.click(checkbox(postTo, 'Instagram'));
    expect(within(postTo).getByText(AGENT_MESSAGES.mediaRule('Instagram', 'image-or-video', false))).toBeVisible();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Memes' }));
    expect(within(postTo).getByText(AGENT_MESSAGES.mediaRule('Instagram', 'image-or-video', true))).toBeVisible();
  });
});

describe('Create Agent: the X login, folded away (issue 41 §6)', () => {
  it('keeps the four fields in a closed part that opens with the all-or-nothing message when one is filled', async () => {
    await openForm(overview());
    const summary = screen.getByText(AGENT_MESSAGES.xLoginTitle);
    const details = summary.closest('details') as HTMLDetailsElement;
    expect(details.open).toBe(false);
    expect(within(details).getAllByRole('textbox', { hidden: true }).length).toBeGreaterThan(0);

    await userEvent.click(summary);
    expect(details.open).toBe(true);
    await userEvent.type(screen.getByLabelText('X username'), 'only-the-username');
    await userEvent.click(summary);
    expect(details.open).toBe(false);

    await userEvent.click(screen.getByRole('button', { name: 'Create Agent' }));
    expect(await within(details).findByText(AGENT_MESSAGES.twitterAllOrNothing)).toBeInTheDocument();
    await vi.waitFor(() => expect(details.open).toBe(true));
  });

  it('explains the plain labels: Prompt, Model, data sources and the platform budget', async () => {
    await openForm(overview());
    expect(screen.getByRole('textbox', { name: /^Prompt/ })).toHaveAccessibleDescription(
      /^How the agent writes: its voice and rules\./,
    );
    expect(screen.getByRole('combobox', { name: 'Model' })).toHaveAccessibleDescription(
      /The AI model that writes the posts\. Default gpt-4o\. This server's operator chooses the provider/,
    );
    expect(screen.getByRole('group', { name: 'Data sources' })).toHaveAccessibleDescription(
      /named in its instructions for every post/,
    );
    expect(screen.getByRole('spinbutton', { name: 'Monthly platform budget (USD)' })).toHaveAccessibleDescription(
      /^Counts only X's paid API calls/,
    );
    const [postList, chatList] = screen.getAllByRole('textbox', { name: 'Reply to these accounts' });
    expect(postList).toHaveAccessibleDescription(/scheduled posts reply to no one/);
    expect(chatList).toHaveAccessibleDescription(/This is the list replies use/);
  });
});
