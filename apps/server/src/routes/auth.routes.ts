import type { Context } from 'hono';
import type { Logger } from 'pino';
import { authRoutes } from '@agentcast/contracts/api/auth-routes';
import { AUTH_VALIDATION_MESSAGES, type Session } from '@agentcast/contracts/auth';
import { AUTH_MESSAGES } from '@agentcast/contracts/messages';
import { cancelAttempt, markAttemptSucceeded } from '@agentcast/core/domains/accounts/auth-attempts';
import { isEmailRegistered } from '@agentcast/core/domains/accounts/is-email-registered';
import { isPastAbsoluteLifetime } from '@agentcast/core/domains/accounts/session-policy';
import { reserveSignInAttempt } from '@agentcast/core/domains/accounts/sign-in-throttle';
import { reserveSignUpAttempt } from '@agentcast/core/domains/accounts/sign-up-throttle';
import { AppError } from '@agentcast/core/kernel/app-error';
import type { Database } from '@agentcast/db/client';
import type { AppEnv } from '../app-env.ts';
import {
  publicUser,
  refusalOf,
  toAuthRequest,
  withCookies,
  type BetterAuthSession,
  type BetterAuthUser,
} from '../auth/better-auth-bridge.ts';
import type { Auth } from '../auth/create-auth.ts';
import { createApiRouter } from '../http/api-router.ts';

/** Where the verification link lands; the login screen reads `verified` and `error` from it. */
const VERIFIED_CALLBACK_PATH = '/login?verified=1';

const signInOutcome = (status: number) => {
  if (status === 200) return 'success';
  if (status === 401) return 'wrong_credentials';
  if (status === 403) return 'unverified';
  return 'error';
};

/**
 * /api/auth: better-auth behind a thin layer of our own. Sign-up, sign-in, the session read and sign-out go through
 * handlers here that validate with the contracts' routes, throttle, log, and keep session tokens out of response
 * bodies (they live only in the HttpOnly cookie). Everything else (the verification link) is better-auth's as is.
 */
export const createAuthRoutes = ({ auth, db, logger }: { auth: Auth; db: Database; logger: Logger }) => {
  const callAuth = (c: Context<AppEnv>, jsonBody?: unknown) => auth.handler(toAuthRequest(c, jsonBody));

  return (
    createApiRouter()
      .openapi(authRoutes.signUp, async (c) => {
        const { email, password } = c.req.valid('json');
        const ip = c.get('clientIp');
        const attemptId = await reserveSignUpAttempt(db, { email, ip });
        if (await isEmailRegistered(db, email)) {
          logger.info({ event: 'sign_up', email, ip, outcome: 'duplicate_email' }, 'Sign-up refused');
          throw new AppError('CONFLICT', AUTH_VALIDATION_MESSAGES.emailTaken, {
            fieldErrors: { email: [AUTH_VALIDATION_MESSAGES.emailTaken] },
          });
        }
        const name = email.split('@')[0] ?? '';
        const response = await callAuth(c, { email, password, name, callbackURL: VERIFIED_CALLBACK_PATH });
        if (response.ok) await markAttemptSucceeded(db, attemptId);
        logger.info({ event: 'sign_up', email, ip, outcome: response.ok ? 'created' : response.status }, 'Sign-up');
        if (!response.ok) throw await refusalOf(response);
        return c.json({ message: AUTH_MESSAGES.signUpCheckEmail }, 200);
      })
      .openapi(authRoutes.signIn, async (c) => {
        const { email, password } = c.req.valid('json');
        const ip = c.get('clientIp');
        // The attempt is counted before the password is checked, so parallel guesses cannot outrun the limits.
        const attemptId = await reserveSignInAttempt(db, { email, ip }).catch((error: unknown) => {
          logger.warn({ event: 'sign_in', email, ip, outcome: 'throttled' }, 'Sign-in attempt');
          throw error;
        });
        // The callback matters when better-auth re-sends a verification link to an unverified account.
        const response = await callAuth(c, { email, password, callbackURL: VERIFIED_CALLBACK_PATH });
        const outcome = signInOutcome(response.status);
        // Only a wrong e-mail or password counts against the limits; an unverified account knew its password, and an
        // answer that is no verdict (the auth service failed) was no guess.
        if (outcome === 'success' || outcome === 'unverified') await markAttemptSucceeded(db, attemptId);
        if (outcome === 'error') await cancelAttempt(db, attemptId);
        logger[outcome === 'success' ? 'info' : 'warn']({ event: 'sign_in', email, ip, outcome }, 'Sign-in attempt');

        if (outcome === 'unverified')
          throw new AppError('EMAIL_NOT_VERIFIED', AUTH_VALIDATION_MESSAGES.emailNotVerified);
        if (outcome === 'wrong_credentials')
          throw new AppError('UNAUTHENTICATED', AUTH_VALIDATION_MESSAGES.invalidCredentials);
        if (outcome === 'error') throw await refusalOf(response);
        const { user } = (await response.json()) as { user: BetterAuthUser };
        return withCookies(c.json({ user: publicUser(user) }, 200), response);
      })
      .openapi(authRoutes.getSession, async (c) => {
        const response = await callAuth(c);
        if (!response.ok) throw await refusalOf(response);
        const body = (await response.json()) as BetterAuthSession;
        if (!body) return withCookies(c.json<Session, 200>(null, 200), response);
        if (isPastAbsoluteLifetime(new Date(body.session.createdAt))) {
          const signOut = await auth.api.signOut({ headers: c.req.raw.headers, asResponse: true });
          logger.info({ event: 'session_expired', userId: body.user.id }, 'Session ended: 30-day limit reached');
          return withCookies(c.json<Session, 200>(null, 200), signOut);
        }
        const session = { user: publicUser(body.user), session: { expiresAt: body.session.expiresAt } };
        return withCookies(c.json(session, 200), response);
      })
      // better-auth checks the token; the query is checked here first (it answers a malformed callbackURL with a 500).
      .openapi(authRoutes.verifyEmail, (c) => callAuth(c))
      .openapi(authRoutes.signOut, async (c) => {
        const response = await callAuth(c, {});
        if (!response.ok) throw await refusalOf(response);
        return withCookies(c.json({ success: true }, 200), response);
      })
      .on(['GET', 'POST'], '/api/auth/*', (c) => callAuth(c))
  );
};
