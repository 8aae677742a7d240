/**
 * The roles of a workspace's members (issue 36 §2, decision 028): an owner has billing, members and the
 * workspace's deletion; an admin everything but billing and ownership; an editor agents, drafts and compose; a
 * reviewer sees everything and approves or rejects.
 */
export const WORKSPACE_ROLES = ['owner', 'admin', 'editor', 'reviewer'] as const;

export type WorkspaceRole = (typeof WORKSPACE_ROLES)[number];
