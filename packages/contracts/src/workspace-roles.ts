/**
 * The roles of a workspace's members (issue 36 §2, decision 028): an owner has billing, members and the
 * workspace's deletion; an admin everything but billing and ownership; an editor agents, drafts and compose; a
 * reviewer sees everything and approves or rejects. Every role may comment on a draft.
 */
export const WORKSPACE_ROLES = ['owner', 'admin', 'editor', 'reviewer'] as const;

export type WorkspaceRole = (typeof WORKSPACE_ROLES)[number];

/** How the roles are named to people. */
export const WORKSPACE_ROLE_NAMES: Record<WorkspaceRole, string> = {
  owner: 'Owner',
  admin: 'Admin',
  editor: 'Editor',
  reviewer: 'Reviewer',
};

/**
 * What a request does in a workspace. Every route of the API that acts in a workspace names one (its
 * `x-agentcast-action`, shown in the API reference), and the server checks it against the caller's role.
 */
export const WORKSPACE_ACTIONS = [
  /** See the workspace's agents, posts, drafts, analytics, connections and webhooks. */
  'read',
  /** Write and edit posts and drafts, and what goes into them. */
  'compose',
  /** Send something out now: trigger a run, send an answer, retry or remove a published post. */
  'publish',
  /** Approve or reject a draft. */
  'approve',
  /** Comment on a draft, and @mention members in it. */
  'comment',
  /** Create, change, pause and delete agents, and their schedules. */
  'agents.write',
  /** Connect and disconnect platform accounts. */
  'connections.write',
  /** Add, change and delete webhook endpoints, and read their secrets. */
  'webhooks.write',
  /** Invite, change and remove members. */
  'members.write',
  /** Choose and pay for the workspace's plan. */
  'billing',
  /** Delete the workspace with everything in it. */
  'workspace.delete',
] as const;

export type WorkspaceAction = (typeof WORKSPACE_ACTIONS)[number];

const EDITOR_ACTIONS: WorkspaceAction[] = [
  'read',
  'compose',
  'publish',
  'comment',
  'agents.write',
  'connections.write',
];

/** The table of who may do what: a role's actions, nothing implied. */
export const ROLE_ACTIONS: Record<WorkspaceRole, ReadonlySet<WorkspaceAction>> = {
  owner: new Set(WORKSPACE_ACTIONS),
  admin: new Set(WORKSPACE_ACTIONS.filter((action) => action !== 'billing' && action !== 'workspace.delete')),
  editor: new Set(EDITOR_ACTIONS),
  reviewer: new Set<WorkspaceAction>(['read', 'approve', 'comment']),
};

export const can = (role: WorkspaceRole, action: WorkspaceAction) => ROLE_ACTIONS[role].has(action);

/** The header that names the workspace a request acts in (a session's own workspace without it). */
export const WORKSPACE_HEADER = 'Agentcast-Workspace';

export const WORKSPACE_MESSAGES = {
  notFound: 'Workspace not found: you are not a member of it, or it was deleted.',
  /** A key acts in the workspace it was made in, whatever the request names. */
  keyBoundElsewhere: 'This API key acts in another workspace: make a key in this one.',
  notAllowed: (role: WorkspaceRole) => {
    const name = WORKSPACE_ROLE_NAMES[role];
    return `As ${/^[AEIOU]/.test(name) ? 'an' : 'a'} ${name} of this workspace you cannot do this: ask one of its owners or admins.`;
  },
};
