import { describe, expect, it } from 'vitest';
import { can, WORKSPACE_ACTIONS, WORKSPACE_MESSAGES, type WorkspaceAction } from './workspace-roles.ts';

const allowed = (role: Parameters<typeof can>[0]) => WORKSPACE_ACTIONS.filter((action) => can(role, action));

describe('the roles of a workspace (issue 36 §2)', () => {
  it('give an owner everything', () => {
    expect(allowed('owner')).toEqual([...WORKSPACE_ACTIONS]);
  });

  it('give an admin everything but billing and the workspace itself', () => {
    expect(WORKSPACE_ACTIONS.filter((action) => !can('admin', action))).toEqual(['billing', 'workspace.delete']);
  });

  it('give an editor agents, drafts, compose, comments and connections, and neither approving, webhooks, members nor billing', () => {
    expect(allowed('editor')).toEqual<WorkspaceAction[]>([
      'read',
      'compose',
      'publish',
      'comment',
      'agents.write',
      'connections.write',
    ]);
  });

  it('let a reviewer see everything, approve or reject and comment, and change nothing else', () => {
    expect(allowed('reviewer')).toEqual<WorkspaceAction[]>(['read', 'approve', 'comment']);
  });

  it('say why a role is refused, with the right article', () => {
    expect(WORKSPACE_MESSAGES.notAllowed('editor')).toMatch(/^As an Editor of this workspace you cannot do this/);
    expect(WORKSPACE_MESSAGES.notAllowed('reviewer')).toMatch(/^As a Reviewer of this workspace/);
  });
});
