import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation, useNavigate } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { chooseWorkspace } from '../api/active-workspace.ts';
import { useWorkspaceInAddress } from './use-workspace-in-address.ts';

afterEach(() => chooseWorkspace(null));

const renderAt = (entry: string) =>
  renderHook(
    () => {
      useWorkspaceInAddress();
      return { location: useLocation(), navigate: useNavigate() };
    },
    {
      wrapper: ({ children }: { children: ReactNode }) => (
        <MemoryRouter initialEntries={[entry]}>{children}</MemoryRouter>
      ),
    },
  );

describe('useWorkspaceInAddress', () => {
  it('names the tab’s workspace in the address, and again after the app navigates without it', async () => {
    chooseWorkspace('team-1');
    const { result } = renderAt('/dashboard?tab=review');
    await waitFor(() => expect(result.current.location.search).toBe('?tab=review&workspace=team-1'));

    act(() => void result.current.navigate('/settings'));
    await waitFor(() =>
      expect(result.current.location).toMatchObject({ pathname: '/settings', search: '?workspace=team-1' }),
    );
  });

  it('names nothing for the person’s own workspace, and drops a stale name', async () => {
    const { result } = renderAt('/dashboard?workspace=gone');
    await waitFor(() => expect(result.current.location.search).toBe(''));
  });
});
