import { createMiddleware } from 'hono/factory';
import { isPastAbsoluteLifetime } from '@agentcast/core/auth/session-policy';
import { AppError } from '@agentcast/core/errors/app-error';
import type { AppEnv } from '../app-env.ts';
import type { Auth } from '../auth/create-auth.ts';

export const SIGN_IN_REQUIRED_MESSAGE = 'Please sign in to continue.';

/**
 * Puts the signed-in user on the context, or answers 401. Reads the session without extending it: only the
 * session read of the web app (GET /api/auth/get-session) refreshes the cookie.
 */
export const requireSession = (auth: Auth) =>
  createMiddleware<AppEnv>(async (c, next) => {
    const result = await auth.api.getSession({ headers: c.req.raw.headers, query: { disableRefresh: true } });
    if (!result || isPastAbsoluteLifetime(new Date(result.session.createdAt))) {
      throw new AppError('UNAUTHENTICATED', SIGN_IN_REQUIRED_MESSAGE);
    }
    c.set('user', { id: result.user.id, email: result.user.email });
    await next();
  });
