// minimal: better-auth without its Kysely adapter (500 files, about 0.1 s and 10 MB at start-up); the Drizzle one is used.
import { betterAuth } from 'better-auth/minimal';
import { isAPIError } from 'better-auth/api';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import type { Logger } from 'pino';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@agentcast/contracts/auth';
import { PASSWORD_RESET_LINK_MINUTES } from '@agentcast/contracts/password-reset';
import { PATHS } from '@agentcast/contracts/paths';
import { hashPassword, verifyPassword } from '@agentcast/core/domains/accounts/password-hashing';
import { SESSION_POLICY } from '@agentcast/core/domains/accounts/session-policy';
import type { Mailer } from '@agentcast/core/integrations/mail/mailer';
import { buildPasswordResetEmail } from '@agentcast/core/integrations/mail/password-reset-email';
import {
  buildEmailChangeEmail,
  buildVerificationEmail,
  isEmailChangeToken,
} from '@agentcast/core/integrations/mail/verification-email';
import type { Database } from '@agentcast/db/client';
import { account, session, user, verification } from '@agentcast/db/schema/auth';
import { sessionCookiePrefix } from './session-cookie.ts';

/**
 * Header through which our client-ip middleware hands the resolved address to better-auth. Any value a client sends
 * under this name is replaced before better-auth sees the request, so it cannot be forged.
 */
export const CLIENT_IP_HEADER = 'x-agentcast-client-ip';

export type CreateAuthOptions = {
  db: Database;
  /** The public origin, e.g. https://agentcast.example.com; better-auth only accepts form posts from it. */
  publicUrl: string;
  /** Every origin whose pages may post to the API (the public one, and Vite's in development). */
  trustedOrigins: string[];
  secret: string;
  isProduction: boolean;
  mailer: Mailer;
  logger: Logger;
};

export const createAuth = ({
  db,
  publicUrl,
  trustedOrigins,
  secret,
  isProduction,
  mailer,
  logger,
}: CreateAuthOptions) =>
  betterAuth({
    appName: 'Agentcast',
    baseURL: publicUrl,
    basePath: '/api/auth',
    trustedOrigins,
    secret,
    database: drizzleAdapter(db, { provider: 'pg', schema: { user, session, account, verification } }),
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      autoSignIn: false,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
      password: { hash: hashPassword, verify: verifyPassword },
      // "Forgot password?": the link opens the login screen's form for a new password, which posts the token to our
      // /api/auth/reset-password (routes/auth.routes.ts). A link, not better-auth's own redirecting GET, so that a
      // mail scanner following it changes nothing. The token works once; every session ends with the reset.
      sendResetPassword: async ({ user: recipient, token }) => {
        const url = `${publicUrl}${PATHS.login}?reset=${encodeURIComponent(token)}`;
        await mailer.send(buildPasswordResetEmail({ to: recipient.email, url }));
      },
      resetPasswordTokenExpiresIn: PASSWORD_RESET_LINK_MINUTES * 60,
      revokeSessionsOnPasswordReset: true,
    },
    emailVerification: {
      sendOnSignUp: true,
      // An unverified person who signs in with the right password gets a fresh link.
      sendOnSignIn: true,
      // The link proves the address: opening it signs the person in (the login screen then goes on to the dashboard).
      autoSignInAfterVerification: true,
      expiresIn: 60 * 60,
      // An e-mail change sends its link here too, to the new address (recipient.email is the new one then).
      sendVerificationEmail: async ({ user: recipient, url, token }) => {
        const build = isEmailChangeToken(token) ? buildEmailChangeEmail : buildVerificationEmail;
        await mailer.send(build({ to: recipient.email, url }));
      },
    },
    // Settings → Change e-mail: the link goes to the new address and the address changes when it is opened; the
    // account stays verified. Our route checks the password first (routes/account.routes.ts).
    user: { changeEmail: { enabled: true } },
    session: {
      expiresIn: SESSION_POLICY.idleLifetimeSeconds,
      updateAge: SESSION_POLICY.refreshAfterSeconds,
    },
    // Sign-in, sign-up and reset links are throttled in routes/auth.routes.ts, in the database, so the limits hold
    // across server processes. better-auth's in-memory limiter stays on as a burst guard for the verification link
    // and sign-out, the two requests our routes hand to its handler as they came.
    rateLimit: {
      enabled: true,
      storage: 'memory',
      customRules: { '/sign-in/email': false, '/sign-up/email': false, '/get-session': false },
    },
    advanced: {
      // The Secure flag comes from the attributes; better-auth's own Secure prefix would stand before ours.
      useSecureCookies: false,
      cookiePrefix: sessionCookiePrefix(isProduction),
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax', secure: isProduction, path: '/' },
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
    },
    logger: {
      level: 'warn',
      log: (level, message, ...args) =>
        logger[level === 'debug' ? 'debug' : level]({ args }, `better-auth: ${message}`),
    },
    // better-auth logs the errors of its endpoints with its own console logger, outside the JSON log; they come
    // here instead. A refused request (4xx) is already in the request log; anything else is a fault worth an error.
    onAPIError: {
      onError: (error) => {
        if (isAPIError(error) && error.statusCode < 500) {
          logger.debug({ status: error.statusCode, code: error.body?.code }, `better-auth: ${error.message}`);
          return;
        }
        logger.error({ err: error }, 'better-auth: request failed');
      },
    },
  });

export type Auth = ReturnType<typeof createAuth>;
