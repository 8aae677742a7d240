import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AGENT_MESSAGES } from '@agentcast/contracts/agents';
import type { Agent } from '@agentcast/contracts/agents';
import { renderWithProviders, routedFetch } from '../../../testing/render-with-providers.tsx';
import { savedAgent } from '../lib/agent-fixture.ts';
import { AgentBoard } from './agent-board.tsx';
import { ManagedAgentsScreen } from './managed-agents-screen.tsx';

afterEach(() => vi.unstubAllGlobals());

/** The API of one account's agents, which a DELETE really removes. */
const agentsApi = (initial: Agent[]) => {
  let agents = initial;
  return routedFetch({
    'GET /api/agents': () => ({ status: 200, body: { agents, next_cursor: null } }),
    'GET /api/schedules': { schedules: [] },
    'GET /api/connections': { platforms: [], connections: [] },
    'GET /api/agents/a1/knowledge': [],
    'DELETE /api/agents/a1': () => {
      agents = agents.filter((agent) => agent.id !== 'a1');
      return { status: 200, body: { success: true } };
    },
  });
};

describe('deleting an agent (spec §5, issue 41 §6)', { timeout: 20_000 }, () => {
  it(
    'on the AgentBoard, asks the spec’s question in a dialog naming the agent; Escape keeps it, focus back on Delete',
    { timeout: 20_000 },
    async () => {
      const { fetchStub, calls } = agentsApi([savedAgent()]);
      vi.stubGlobal('fetch', fetchStub);
      const confirm = vi.spyOn(window, 'confirm');
      renderWithProviders(<AgentBoard onCreate={() => undefined} onEdit={() => undefined} />);

      const row = await screen.findByRole('listitem', { name: 'Market Pulse' });
      const deleteButton = within(row).getByRole('button', { name: 'Delete' });
      await userEvent.click(deleteButton);
      const dialog = screen.getByRole('alertdialog', { name: 'Delete “Market Pulse”?' });
      expect(dialog).toHaveAttribute('aria-modal', 'true');
      expect(dialog).toHaveAccessibleDescription(AGENT_MESSAGES.confirmDelete);
      expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
      // Focus stays in the dialog: Tab goes round its two buttons.
      await userEvent.tab();
      expect(within(dialog).getByRole('button', { name: 'Delete' })).toHaveFocus();
      await userEvent.tab();
      expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();

      await userEvent.keyboard('{Escape}');
      expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
      await vi.waitFor(() => expect(deleteButton).toHaveFocus());
      expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
      expect(confirm).not.toHaveBeenCalled();

      await userEvent.click(deleteButton);
      await userEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
      expect(await screen.findByText(AGENT_MESSAGES.deleted)).toBeInTheDocument();
      expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
      expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.url)).toEqual(['/api/agents/a1']);
      expect(await screen.findByText(AGENT_MESSAGES.emptyBoard)).toBeInTheDocument();
      // The row and its button are gone: focus goes to the list's heading, not lost.
      await vi.waitFor(() => expect(screen.getByRole('heading', { name: 'My AI Agents' })).toHaveFocus());
    },
  );

  it('on Managed Agents too, and Cancel keeps the agent', async () => {
    const { fetchStub, calls } = agentsApi([savedAgent({ name: 'Rates Watcher' })]);
    vi.stubGlobal('fetch', fetchStub);
    renderWithProviders(<ManagedAgentsScreen onSelect={() => undefined} onDone={() => undefined} />);

    const row = await screen.findByRole('listitem', { name: 'Rates Watcher' });
    await userEvent.click(within(row).getByRole('button', { name: 'Delete' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete “Rates Watcher”?' });
    expect(within(dialog).getByText(AGENT_MESSAGES.confirmDelete)).toBeVisible();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
    expect(screen.getByRole('listitem', { name: 'Rates Watcher' })).toBeInTheDocument();
  });
});
