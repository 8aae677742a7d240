import { afterEach, describe, expect, it } from 'vitest';
import { activeWorkspace, adoptWorkspaceFromUrl, chooseWorkspace, workspaceHeaders } from './active-workspace.ts';

afterEach(() => {
  chooseWorkspace(null);
  window.history.replaceState(null, '', '/');
});

describe('adoptWorkspaceFromUrl', () => {
  it('acts in the workspace a link names', () => {
    window.history.replaceState(null, '', '/dashboard?tab=review&workspace=team-1');
    adoptWorkspaceFromUrl();
    expect(activeWorkspace()).toBe('team-1');
    expect(workspaceHeaders()).toEqual({ 'Agentcast-Workspace': 'team-1' });
  });

  it('keeps the tab’s own choice when the address names none', () => {
    chooseWorkspace('chosen-before');
    window.history.replaceState(null, '', '/dashboard?tab=review');
    adoptWorkspaceFromUrl();
    expect(activeWorkspace()).toBe('chosen-before');
  });
});
