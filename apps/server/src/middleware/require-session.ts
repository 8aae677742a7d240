import { createMiddleware } from 'hono/factory';
import { findSessionUser } from '@agentcast/core/domains/accounts/find-session-user';
import { AppError } from '@agentcast/core/kernel/app-error';
import type { Database } from '@agentcast/db/client';
import type { AppEnv } from '../app-env.ts';
import { readSessionToken } from '../auth/read-session-token.ts';

export const SIGN_IN_REQUIRED_MESSAGE = 'Please sign in to continue.';

export type SessionCheck = { db: Database; secret: string; isProduction: boolean };

/**
 * Puts the signed-in user on the context, or answers 401. Reads the session without extending it: only the web
 * app's session read (GET /api/auth/get-session) refreshes the cookie.
 */
export const requireSession = ({ db, secret, isProduction }: SessionCheck) =>
  createMiddleware<AppEnv>(async (c, next) => {
    const token = readSessionToken(c, { secret, isProduction });
    const user = token ? await findSessionUser(db, token) : null;
    if (!user) throw new AppError('UNAUTHENTICATED', SIGN_IN_REQUIRED_MESSAGE);
    c.set('user', user);
    await next();
  });
