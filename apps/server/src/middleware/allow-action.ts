import { createMiddleware } from 'hono/factory';
import { can, WORKSPACE_MESSAGES, type WorkspaceAction } from '@agentcast/contracts/workspace-roles';
import { AppError } from '@agentcast/core/kernel/app-error';
import type { AppEnv } from '../app-env.ts';

/**
 * After the caller's middleware (which put the workspace and the caller's role in it on the context): a role the
 * action is not for is refused with a 403 that says so, before the request's body is even read.
 */
export const allowAction = (action: WorkspaceAction) =>
  createMiddleware<AppEnv>(async (c, next) => {
    const { role } = c.get('workspace');
    if (!can(role, action)) throw new AppError('FORBIDDEN', WORKSPACE_MESSAGES.notAllowed(role));
    await next();
  });
