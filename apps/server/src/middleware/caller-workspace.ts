import type { Context } from 'hono';
import { WORKSPACE_HEADER, WORKSPACE_MESSAGES } from '@agentcast/contracts/workspace-roles';
import { findMemberRole } from '@agentcast/core/domains/workspaces/find-member-role';
import { AppError } from '@agentcast/core/kernel/app-error';
import type { Database } from '@agentcast/db/client';
import type { AppEnv, CallerWorkspace, SignedInUser } from '../app-env.ts';

/**
 * The workspace a request names: its `Agentcast-Workspace` header, or for what a browser can only address by URL (an
 * EventSource, a download link) its `workspace` query parameter.
 */
const namedWorkspace = (c: Context<AppEnv>) => c.req.header(WORKSPACE_HEADER) || c.req.query('workspace') || undefined;

/**
 * The workspace a signed-in person's request acts in (decision 028): the one the request names, or the person's own
 * (which has their id). Not a member of it answers 404, as a missing one does, so a workspace's
 * existence is not revealed.
 */
export const sessionWorkspace = async (
  c: Context<AppEnv>,
  db: Database,
  user: SignedInUser,
): Promise<CallerWorkspace> => {
  const workspaceId = namedWorkspace(c) ?? user.id;
  const role = await findMemberRole(db, { workspaceId, userId: user.id });
  if (!role) throw new AppError('NOT_FOUND', WORKSPACE_MESSAGES.notFound);
  return { id: workspaceId, role };
};

/** An API key acts in the workspace it was made in: a request naming another is refused. */
export const keyWorkspace = (c: Context<AppEnv>, workspace: CallerWorkspace): CallerWorkspace => {
  const named = namedWorkspace(c);
  if (named && named !== workspace.id) throw new AppError('FORBIDDEN', WORKSPACE_MESSAGES.keyBoundElsewhere);
  return workspace;
};
