import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AGENT_MESSAGES, type Agent } from '@agentcast/contracts/agents';
import { renderWithProviders, routedFetch } from '../../../testing/render-with-providers.tsx';
import { savedAgent } from '../lib/agent-fixture.ts';
import { ManagedAgentsScreen } from './managed-agents-screen.tsx';

afterEach(() => vi.unstubAllGlobals());

const openEditForm = async (initial: Agent) => {
  let agent = initial;
  const setPaused = (paused: boolean) => () => {
    agent = { ...agent, paused, updated_at: new Date().toISOString() };
    return { status: 200, body: agent };
  };
  const { fetchStub, calls } = routedFetch({
    'GET /api/agents': () => ({ status: 200, body: { agents: [agent], next_cursor: null } }),
    'GET /api/schedules': { schedules: [] },
    'GET /api/connections': {
      platforms: (['linkedin', 'instagram', 'youtube', 'x'] as const).map((platform) => ({
        platform,
        configured: true,
      })),
      connections: [],
    },
    'GET /api/agents/a1/knowledge': [],
    'POST /api/agents/a1/pause': setPaused(true),
    'POST /api/agents/a1/resume': setPaused(false),
  });
  vi.stubGlobal('fetch', fetchStub);
  renderWithProviders(<ManagedAgentsScreen selectedId="a1" onSelect={() => undefined} onDone={() => undefined} />);
  const form = await screen.findByRole('form', { name: 'Save Changes' });
  return { form, calls };
};

// A whole form in jsdom, its queries by role included, takes seconds on a busy machine.
describe('the edit form (Managed Agents, issue 41 §6)', { timeout: 30_000 }, () => {
  it('keeps the spec’s section names and folds the X login away, saying saved details are kept', async () => {
    const saved = { is_set: true };
    const { form } = await openEditForm(
      savedAgent({
        twitter_credentials: {
          TWITTER_USERNAME: saved,
          TWITTER_EMAIL: saved,
          TWITTER_PASSWORD: saved,
          TWITTER_2FA_SECRET: saved,
        },
      }),
    );
    const sections = [...form.querySelectorAll(':scope > fieldset > legend')].map((legend) => legend.textContent);
    expect(sections).toEqual([
      'Basic Information',
      'AI Configuration',
      'Data & Activities',
      'Post Configuration',
      'Chat Configuration',
      'Twitter/X Credentials',
      'LinkedIn Integration',
      'Extra',
      // After the spec's sections, in their order: the networks added since (issue 33).
      'More Networks',
    ]);
    const credentials = within(form).getByRole('group', { name: 'Twitter/X Credentials' });
    const details = within(credentials).getByText(AGENT_MESSAGES.xLoginTitle).closest('details');
    expect(details?.open).toBe(false);
    expect(within(credentials).getByText('This agent has X login details saved, encrypted.')).toBeVisible();
  });

  it('offers Pause and Resume, which act at once and keep what is typed in the form', async () => {
    const { calls } = await openEditForm(savedAgent());
    const name = screen.getByLabelText(/^Name/);
    await userEvent.clear(name);
    await userEvent.type(name, 'Typed but not saved');

    const control = screen.getByRole('group', { name: 'Pause or resume' });
    await userEvent.click(within(control).getByRole('button', { name: 'Pause' }));
    expect(await within(control).findByRole('button', { name: 'Resume' })).toBeEnabled();
    expect(within(control).getByTestId('pause-state')).toHaveTextContent(/^Paused: /);
    expect(calls.some((call) => call.method === 'POST' && call.url === '/api/agents/a1/pause')).toBe(true);
    expect(screen.getByLabelText(/^Name/)).toHaveValue('Typed but not saved');

    await userEvent.click(within(control).getByRole('button', { name: 'Resume' }));
    expect(await within(control).findByRole('button', { name: 'Pause' })).toBeEnabled();
    expect(within(control).getByTestId('pause-state')).toHaveTextContent(/^Running: /);
  });

  it('shows YouTube’s media rule as soon as it is ticked, before any save', async () => {
    const { form } = await openEditForm(savedAgent());
    const postTo = within(form).getByRole('group', { name: 'Post to' });
    expect(within(postTo).queryByText(/takes videos only/)).not.toBeInTheDocument();
    await userEvent.click(within(postTo).getByRole('checkbox', { name: 'YouTube' }));
    expect(within(postTo).getByText(AGENT_MESSAGES.mediaRule('YouTube', 'video', false))).toBeVisible();
    // Not connected either: the note says so, with the way to connect it to this agent.
    expect(within(postTo).getByRole('button', { name: 'Connect' })).toHaveAccessibleDescription(
      'YouTube is not connected: posts stay in the Terminal until it is.',
    );
  });
});
