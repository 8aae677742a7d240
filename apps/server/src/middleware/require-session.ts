import { createMiddleware } from 'hono/factory';
import { API_KEY_MESSAGES } from '@agentcast/contracts/api-keys';
import { AppError } from '@agentcast/core/kernel/app-error';
import type { Database } from '@agentcast/db/client';
import type { AppEnv } from '../app-env.ts';
import { readSessionToken } from '../auth/read-session-token.ts';
import type { SessionUserCache } from '../auth/session-user-cache.ts';
import { readBearerKey } from './read-bearer-key.ts';
import { sessionWorkspace } from './caller-workspace.ts';

export const SIGN_IN_REQUIRED_MESSAGE = 'Please sign in to continue.';

export type SessionCheck = { db: Database; secret: string; isProduction: boolean; sessions: SessionUserCache };

/**
 * Puts the signed-in user on the context, with the workspace the request acts in (caller-workspace.ts), or answers
 * 401. Reads the session without extending it: only the web
 * app's session read (GET /api/auth/get-session) refreshes the cookie. For the routes a browser session alone may
 * use (password, e-mail, sessions, deletion, API keys, the wallet link): a request with an API key is refused
 * with a 403 that says so, whatever cookie it also carries.
 */
export const requireSession = ({ db, secret, isProduction, sessions }: SessionCheck) =>
  createMiddleware<AppEnv>(async (c, next) => {
    if (readBearerKey(c) !== undefined) throw new AppError('FORBIDDEN', API_KEY_MESSAGES.sessionOnly);
    const token = readSessionToken(c, { secret, isProduction });
    const user = token ? await sessions.find(db, token) : null;
    if (!user) throw new AppError('UNAUTHENTICATED', SIGN_IN_REQUIRED_MESSAGE);
    c.set('user', user);
    c.set('workspace', await sessionWorkspace(c, db, user));
    await next();
  });
