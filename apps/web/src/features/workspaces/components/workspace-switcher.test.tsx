import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { activeWorkspace, chooseWorkspace } from '../../../api/active-workspace.ts';
import { renderWithProviders } from '../../../testing/render-with-providers.tsx';
import { WorkspaceSwitcher } from './workspace-switcher.tsx';

const assign = vi.fn();
beforeEach(() => {
  vi.stubGlobal('location', { ...window.location, assign });
});
afterEach(() => {
  vi.unstubAllGlobals();
  assign.mockReset();
  chooseWorkspace(null);
});

const twoWorkspaces = {
  workspaces: [
    { id: 'me', name: "Ada's workspace", role: 'owner' },
    { id: 'team', name: "Bo's workspace", role: 'editor' },
  ],
};

/** Answers the list of workspaces, and keeps each request's headers. */
const workspacesFetch = () => {
  const headers: Record<string, string>[] = [];
  const fetchStub = async (_input: RequestInfo | URL, init?: RequestInit) => {
    headers.push({ ...(init?.headers as Record<string, string>) });
    return new Response(JSON.stringify(twoWorkspaces), { headers: { 'content-type': 'application/json' } });
  };
  return { fetchStub, headers };
};

describe('WorkspaceSwitcher', () => {
  it('shows the workspace this tab acts in, and sends every call there', async () => {
    chooseWorkspace('team');
    const { fetchStub, headers } = workspacesFetch();
    vi.stubGlobal('fetch', fetchStub);
    renderWithProviders(<WorkspaceSwitcher />);
    expect(await screen.findByLabelText('Workspace')).toHaveValue('team');
    expect(headers[0]).toMatchObject({ 'Agentcast-Workspace': 'team' });
  });

  it('goes back to the person’s own workspace when this tab’s is no longer theirs', async () => {
    chooseWorkspace('gone');
    const { fetchStub } = workspacesFetch();
    vi.stubGlobal('fetch', fetchStub);
    renderWithProviders(<WorkspaceSwitcher />);
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/dashboard'));
    expect(activeWorkspace()).toBeNull();
  });
});
