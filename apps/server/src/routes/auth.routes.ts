import type { Context } from 'hono';
import type { Logger } from 'pino';
import { authRoutes } from '@agentcast/contracts/api/auth-routes';
import { AUTH_VALIDATION_MESSAGES, VERIFICATION_MESSAGES, type Session } from '@agentcast/contracts/auth';
import { AUTH_MESSAGES } from '@agentcast/contracts/messages';
import { EMAIL_REVERT_LINK_DAYS, PASSWORD_RESET_MESSAGES } from '@agentcast/contracts/password-reset';
import { PATHS } from '@agentcast/contracts/paths';
import { cancelAttempt, markAttemptSucceeded } from '@agentcast/core/domains/accounts/auth-attempts';
import {
  createEmailRevertLink,
  isChangeLinkRevoked,
  revertEmailChange,
} from '@agentcast/core/domains/accounts/email-change-revert';
import { isEmailRegistered } from '@agentcast/core/domains/accounts/is-email-registered';
import { findPasswordResetUser, markEmailVerified } from '@agentcast/core/domains/accounts/password-reset-link';
import { reserveMailRequest } from '@agentcast/core/domains/accounts/mail-request-throttle';
import { isPastAbsoluteLifetime } from '@agentcast/core/domains/accounts/session-policy';
import { reserveSignInAttempt } from '@agentcast/core/domains/accounts/sign-in-throttle';
import { reserveSignUpAttempt } from '@agentcast/core/domains/accounts/sign-up-throttle';
import { revokeAllApiKeys } from '@agentcast/core/domains/api-keys/revoke-all-api-keys';
import type { Mailer } from '@agentcast/core/integrations/mail/mailer';
import { buildEmailChangedEmail } from '@agentcast/core/integrations/mail/password-reset-email';
import { readEmailChangeToken } from '@agentcast/core/integrations/mail/verification-email';
import { AppError } from '@agentcast/core/kernel/app-error';
import type { Database } from '@agentcast/db/client';
import type { AppEnv } from '../app-env.ts';
import {
  authHeaders,
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

/** better-auth's answer to a verification link: a redirect to the callback, with `error=` when the link failed. */
const linkSucceeded = (response: Response) => {
  if (response.status === 200) return true;
  const location = response.headers.get('location');
  return response.status === 302 && location !== null && !/[?&]error=/.test(location);
};

const resetLinkInvalid = () =>
  new AppError('VALIDATION_FAILED', PASSWORD_RESET_MESSAGES.linkInvalid, {
    fieldErrors: { token: [PASSWORD_RESET_MESSAGES.linkInvalid] },
  });

export type AuthRoutesDependencies = {
  auth: Auth;
  db: Database;
  logger: Logger;
  mailer: Mailer;
  /** Links in e-mails start with it. */
  publicUrl: string;
};

/**
 * /api/auth: better-auth behind a layer of our own (decision 022). Only the routes of the contract are served, each
 * by a handler here that validates, throttles, logs and keeps session tokens out of response bodies (they live only
 * in the HttpOnly cookie); better-auth's other endpoints (changing the e-mail or password without our checks,
 * listing session tokens, updating the user) answer 404 like any unknown path.
 */
export const createAuthRoutes = ({ auth, db, logger, mailer, publicUrl }: AuthRoutesDependencies) => {
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
      // A link that changes the account's e-mail is refused when it was made before the address was put back, and
      // once it worked, the address it replaced is told, with a link to put it back.
      .openapi(authRoutes.verifyEmail, async (c) => {
        const { token, callbackURL } = c.req.valid('query');
        const change = readEmailChangeToken(token);
        if (change && (await isChangeLinkRevoked(db, change))) {
          logger.warn(
            { event: 'email_change_refused', userId: change.userId },
            'E-mail change link made before a revert',
          );
          return c.redirect(`${callbackURL ?? PATHS.home}${callbackURL?.includes('?') ? '&' : '?'}error=INVALID_TOKEN`);
        }
        const response = await callAuth(c);
        if (change && linkSucceeded(response)) {
          const revertToken = await createEmailRevertLink(db, change);
          const url = `${publicUrl}${PATHS.login}?revert-email=${encodeURIComponent(revertToken)}`;
          await mailer.send(
            buildEmailChangedEmail({ to: change.from, newEmail: change.to, url, validDays: EMAIL_REVERT_LINK_DAYS }),
          );
          logger.info({ event: 'email_changed', userId: change.userId }, 'E-mail changed; the old address was told');
        }
        return response;
      })
      .openapi(authRoutes.signOut, async (c) => {
        const response = await callAuth(c, {});
        if (!response.ok) throw await refusalOf(response);
        return withCookies(c.json({ success: true }, 200), response);
      })
      // No session is passed on: better-auth then answers alike, in the same time, whoever the address belongs to.
      .openapi(authRoutes.resendVerification, async (c) => {
        const { email } = c.req.valid('json');
        const ip = c.get('clientIp');
        await reserveMailRequest(db, {
          kind: 'verification_resend',
          email,
          ip,
          refusal: VERIFICATION_MESSAGES.tooManyResends,
        });
        await auth.api.sendVerificationEmail({ body: { email, callbackURL: VERIFIED_CALLBACK_PATH } });
        logger.info({ event: 'verification_resent', email, ip }, 'Verification link asked for again');
        return c.json({ message: VERIFICATION_MESSAGES.resent(email) }, 200);
      })
      .openapi(authRoutes.requestPasswordReset, async (c) => {
        const { email } = c.req.valid('json');
        const ip = c.get('clientIp');
        await reserveMailRequest(db, {
          kind: 'password_reset',
          email,
          ip,
          refusal: PASSWORD_RESET_MESSAGES.tooManyRequests,
        });
        const response = await auth.api.requestPasswordReset({
          body: { email },
          headers: authHeaders(c),
          asResponse: true,
        });
        if (!response.ok) throw await refusalOf(response);
        logger.info({ event: 'password_reset_requested', email, ip }, 'Password reset link requested');
        return c.json({ message: PASSWORD_RESET_MESSAGES.linkSent(email) }, 200);
      })
      .openapi(authRoutes.resetPassword, async (c) => {
        const { token, newPassword, revokeApiKeys } = c.req.valid('json');
        const userId = await findPasswordResetUser(db, token);
        if (!userId) throw resetLinkInvalid();
        const response = await auth.api.resetPassword({ body: { token, newPassword }, asResponse: true });
        // Used by a parallel request between our look and better-auth's.
        if (response.status === 400) throw resetLinkInvalid();
        if (!response.ok) throw await refusalOf(response);
        await markEmailVerified(db, userId);
        const revokedKeys = revokeApiKeys ? await revokeAllApiKeys(db, userId) : 0;
        logger.info({ event: 'password_reset', userId, revokedKeys }, 'Password reset; every session signed out');
        return c.json({ message: PASSWORD_RESET_MESSAGES.passwordReset }, 200);
      })
      .openapi(authRoutes.revertEmailChange, async (c) => {
        const { token } = c.req.valid('json');
        const { userId, email } = await revertEmailChange(db, token);
        // Whoever changed the address knew the password: the owner chooses a new one from the restored address.
        const response = await auth.api.requestPasswordReset({
          body: { email },
          headers: authHeaders(c),
          asResponse: true,
        });
        if (!response.ok) throw await refusalOf(response);
        logger.warn({ event: 'email_change_reverted', userId }, 'E-mail change undone; sessions and keys revoked');
        return c.json({ message: PASSWORD_RESET_MESSAGES.emailRestored(email) }, 200);
      })
  );
};
