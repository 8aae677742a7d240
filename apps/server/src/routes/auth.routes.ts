import { Hono, type Context } from 'hono';
import type { Logger } from 'pino';
import {
  AUTH_VALIDATION_MESSAGES,
  signInInputSchema,
  signUpInputSchema,
  type Session,
} from '@agentcast/contracts/auth';
import { AUTH_MESSAGES } from '@agentcast/contracts/messages';
import { isEmailRegistered } from '@agentcast/core/auth/is-email-registered';
import { isPastAbsoluteLifetime } from '@agentcast/core/auth/session-policy';
import { assertSignInAllowed, recordAuthAttempt } from '@agentcast/core/auth/sign-in-throttle';
import { assertSignUpAllowed } from '@agentcast/core/auth/sign-up-throttle';
import { AppError } from '@agentcast/core/errors/app-error';
import type { Database } from '@agentcast/db/client';
import type { AppEnv } from '../app-env.ts';
import { CLIENT_IP_HEADER, type Auth } from '../auth/create-auth.ts';
import { validateJson } from '../middleware/validate-json.ts';

/** Where the verification link lands; the login screen reads `verified` and `error` from it. */
const VERIFIED_CALLBACK_PATH = '/login?verified=1';

type BetterAuthUser = { id: string; email: string; emailVerified: boolean };
type BetterAuthSession = { user: BetterAuthUser; session: { createdAt: string; expiresAt: string } } | null;

/**
 * /api/auth: better-auth behind a thin layer of our own. Sign-up, sign-in and the session read go through
 * handlers here that validate with the contracts schemas, throttle, log, and keep session tokens out of
 * response bodies (they live only in the HttpOnly cookie). Everything else is better-auth's as is.
 */
export const createAuthRoutes = ({ auth, db, logger }: { auth: Auth; db: Database; logger: Logger }) => {
  const callAuth = (c: Context<AppEnv>, jsonBody?: unknown) => auth.handler(toAuthRequest(c, jsonBody));

  return new Hono<AppEnv>()
    .post('/sign-up/email', validateJson(signUpInputSchema), async (c) => {
      const { email, password } = c.req.valid('json');
      const ip = c.get('clientIp');
      await assertSignUpAllowed(db, { ip });
      if (await isEmailRegistered(db, email)) {
        await recordAuthAttempt(db, { kind: 'sign_up', email, ip, succeeded: false });
        logger.info({ event: 'sign_up', email, ip, outcome: 'duplicate_email' }, 'Sign-up refused');
        throw new AppError('CONFLICT', AUTH_VALIDATION_MESSAGES.emailTaken, {
          fieldErrors: { email: [AUTH_VALIDATION_MESSAGES.emailTaken] },
        });
      }
      const name = email.split('@')[0] ?? '';
      const response = await callAuth(c, { email, password, name, callbackURL: VERIFIED_CALLBACK_PATH });
      await recordAuthAttempt(db, { kind: 'sign_up', email, ip, succeeded: response.ok });
      logger.info({ event: 'sign_up', email, ip, outcome: response.ok ? 'created' : response.status }, 'Sign-up');
      if (!response.ok) return response;
      return c.json({ message: AUTH_MESSAGES.signUpCheckEmail });
    })
    .post('/sign-in/email', validateJson(signInInputSchema), async (c) => {
      const { email, password } = c.req.valid('json');
      const ip = c.get('clientIp');
      try {
        await assertSignInAllowed(db, { email, ip });
      } catch (error) {
        logger.warn({ event: 'sign_in', email, ip, outcome: 'throttled' }, 'Sign-in attempt');
        throw error;
      }
      // The callback matters when better-auth re-sends a verification link to an unverified account.
      const response = await callAuth(c, { email, password, callbackURL: VERIFIED_CALLBACK_PATH });
      const outcome = signInOutcome(response.status);
      // Only a wrong e-mail or password counts against the limits; an unverified account knew its password.
      if (outcome !== 'error') await recordAuthAttempt(db, { kind: 'sign_in', email, ip, succeeded: outcome !== 'wrong_credentials' });
      logger[outcome === 'success' ? 'info' : 'warn']({ event: 'sign_in', email, ip, outcome }, 'Sign-in attempt');

      if (outcome === 'unverified') {
        return c.json({ code: 'EMAIL_NOT_VERIFIED', message: AUTH_VALIDATION_MESSAGES.emailNotVerified }, 403);
      }
      if (outcome !== 'success') return response;
      const { user } = (await response.json()) as { user: BetterAuthUser };
      return withCookies(c.json({ user: publicUser(user) }), response);
    })
    .get('/get-session', async (c) => {
      const response = await callAuth(c);
      if (!response.ok) return response;
      const body = (await response.json()) as BetterAuthSession;
      if (!body) return withCookies(c.json<Session>(null), response);
      if (isPastAbsoluteLifetime(new Date(body.session.createdAt))) {
        const signOut = await auth.api.signOut({ headers: c.req.raw.headers, asResponse: true });
        logger.info({ event: 'session_expired', userId: body.user.id }, 'Session ended: 30-day limit reached');
        return withCookies(c.json<Session>(null), signOut);
      }
      return withCookies(
        c.json<Session>({ user: publicUser(body.user), session: { expiresAt: body.session.expiresAt } }),
        response,
      );
    })
    .on(['GET', 'POST'], '/*', (c) => callAuth(c));
};

const signInOutcome = (status: number) => {
  if (status === 200) return 'success';
  if (status === 401) return 'wrong_credentials';
  if (status === 403) return 'unverified';
  return 'error';
};

const publicUser = ({ id, email, emailVerified }: BetterAuthUser) => ({ id, email, emailVerified });

/** Copies the Set-Cookie headers of better-auth's answer onto ours. */
const withCookies = (target: Response, source: Response) => {
  for (const cookie of source.headers.getSetCookie()) target.headers.append('set-cookie', cookie);
  return target;
};

/**
 * The request as better-auth must see it: our resolved client IP in CLIENT_IP_HEADER (replacing anything the
 * client sent under that name) and, where we already parsed the body, the validated JSON.
 */
const toAuthRequest = (c: Context<AppEnv>, jsonBody?: unknown) => {
  const headers = new Headers(c.req.raw.headers);
  headers.set(CLIENT_IP_HEADER, c.get('clientIp'));
  const init: RequestInit & { duplex?: 'half' } = { method: c.req.method, headers };
  if (jsonBody !== undefined) {
    headers.set('content-type', 'application/json');
    headers.delete('content-length');
    init.body = JSON.stringify(jsonBody);
  } else if (c.req.method !== 'GET' && c.req.method !== 'HEAD') {
    init.body = c.req.raw.body;
    init.duplex = 'half';
  }
  return new Request(c.req.url, init);
};
