import type { Context } from 'hono';
import type { Logger } from 'pino';
import { ACCOUNT_MESSAGES } from '@agentcast/contracts/account-settings';
import { accountRoutes } from '@agentcast/contracts/api/account-routes';
import { AUTH_VALIDATION_MESSAGES } from '@agentcast/contracts/auth';
import { PATHS } from '@agentcast/contracts/paths';
import { confirmPassword } from '@agentcast/core/domains/accounts/confirm-password';
import { countOtherSessions } from '@agentcast/core/domains/accounts/count-other-sessions';
import { deleteAccount } from '@agentcast/core/domains/accounts/delete-account';
import { exportAccount } from '@agentcast/core/domains/accounts/export-account';
import { isEmailRegistered } from '@agentcast/core/domains/accounts/is-email-registered';
import { revokeAllApiKeys } from '@agentcast/core/domains/api-keys/revoke-all-api-keys';
import type { ConnectionServices } from '@agentcast/core/domains/connections/connection-services';
import { disconnectAllConnections } from '@agentcast/core/domains/connections/disconnect-all-connections';
import { getAccountSettings, updateAccountSettings } from '@agentcast/core/domains/notifications/account-settings';
import { respreadAccountSchedules } from '@agentcast/core/domains/schedules/respread-account-schedules';
import type { StorageDriver } from '@agentcast/core/integrations/storage/storage-driver';
import { AppError } from '@agentcast/core/kernel/app-error';
import type { Database } from '@agentcast/db/client';
import type { AppEnv } from '../app-env.ts';
import { authHeaders, refusalOf, withCookies } from '../auth/better-auth-bridge.ts';
import type { Auth } from '../auth/create-auth.ts';
import { readSessionToken } from '../auth/read-session-token.ts';
import { behind, createApiRouter } from '../http/api-router.ts';
import { requireCaller } from '../middleware/require-caller.ts';
import { requireSession, type SessionCheck } from '../middleware/require-session.ts';

/** Where the link of an e-mail change lands: the settings screen reads `email-changed` and `error` from it. */
export const EMAIL_CHANGED_CALLBACK_PATH = `${PATHS.settings}?email-changed=1`;

export type AccountRoutesDependencies = {
  session: SessionCheck;
  db: Database;
  auth: Auth;
  storage: StorageDriver;
  connections: ConnectionServices;
  logger: Logger;
};

/**
 * The person's own account. Signed in is enough, never the membership gate: someone whose membership ended can
 * still stop the e-mails, change their password or address, export their data and delete their account.
 * Password, e-mail and session changes go through better-auth's own endpoints (called here, not proxied), after
 * our checks: the password confirmed (throttled as sign-ins are), the input validated by the contract.
 */
export const createAccountRoutes = ({ session, db, auth, storage, connections, logger }: AccountRoutesDependencies) => {
  const signedIn = [requireSession(session)];
  // Which e-mails the account gets may be read and changed with an API key too; the rest needs the browser session.
  const callers = [requireCaller(session)];
  const confirm = (c: Context<AppEnv>, password: string) =>
    confirmPassword(db, { userId: c.get('user').id, email: c.get('user').email, ip: c.get('clientIp'), password });
  const otherSessions = async (c: Context<AppEnv>) => ({
    otherSessions: await countOtherSessions(db, {
      userId: c.get('user').id,
      currentToken: readSessionToken(c, session) ?? '',
    }),
  });

  return createApiRouter()
    .openapi(behind(callers, accountRoutes.settings), async (c) =>
      c.json(await getAccountSettings(db, c.get('user').id), 200),
    )
    .openapi(behind(callers, accountRoutes.changeSettings), async (c) => {
      const changes = c.req.valid('json');
      const settings = await updateAccountSettings(db, c.get('user').id, changes);
      // Agents whose posts are spread over the day post within the new zone's posting hours from now on: those of the
      // person's own workspace (its id is theirs), whose zone is its first owner's.
      if (changes.time_zone !== undefined)
        await respreadAccountSchedules(db, {
          workspaceId: c.get('user').id,
          defaultPlan: connections.defaultPlan,
        });
      return c.json(settings, 200);
    })
    .openapi(behind(signedIn, accountRoutes.changePassword), async (c) => {
      const { currentPassword, newPassword, revokeApiKeys } = c.req.valid('json');
      await confirm(c, currentPassword);
      if (newPassword === currentPassword)
        throw new AppError('VALIDATION_FAILED', ACCOUNT_MESSAGES.samePassword, {
          fieldErrors: { newPassword: [ACCOUNT_MESSAGES.samePassword] },
        });
      // Every other session is signed out; this one is replaced by a new session (a new cookie), so a stolen
      // cookie of before the change stops working too.
      const response = await auth.api.changePassword({
        body: { currentPassword, newPassword, revokeOtherSessions: true },
        headers: authHeaders(c),
        asResponse: true,
      });
      if (!response.ok) throw await refusalOf(response);
      const revokedKeys = revokeApiKeys ? await revokeAllApiKeys(db, c.get('user').id) : 0;
      logger.info({ event: 'password_changed', userId: c.get('user').id, revokedKeys }, 'Password changed');
      return withCookies(c.json({ message: ACCOUNT_MESSAGES.passwordChanged }, 200), response);
    })
    .openapi(behind(signedIn, accountRoutes.changeEmail), async (c) => {
      const { newEmail, password } = c.req.valid('json');
      await confirm(c, password);
      const email = newEmail.toLowerCase();
      if (email === c.get('user').email.toLowerCase())
        throw new AppError('VALIDATION_FAILED', ACCOUNT_MESSAGES.sameEmail, {
          fieldErrors: { newEmail: [ACCOUNT_MESSAGES.sameEmail] },
        });
      // Sign-up already tells a taken address apart, so saying it here reveals nothing new and is clearer.
      if (await isEmailRegistered(db, email))
        throw new AppError('CONFLICT', AUTH_VALIDATION_MESSAGES.emailTaken, {
          fieldErrors: { newEmail: [AUTH_VALIDATION_MESSAGES.emailTaken] },
        });
      const response = await auth.api.changeEmail({
        body: { newEmail: email, callbackURL: EMAIL_CHANGED_CALLBACK_PATH },
        headers: authHeaders(c),
        asResponse: true,
      });
      if (!response.ok) throw await refusalOf(response);
      logger.info({ event: 'email_change_requested', userId: c.get('user').id }, 'E-mail change link sent');
      return c.json({ message: ACCOUNT_MESSAGES.emailChangeSent(email) }, 200);
    })
    .openapi(behind(signedIn, accountRoutes.sessions), async (c) => c.json(await otherSessions(c), 200))
    .openapi(behind(signedIn, accountRoutes.revokeOtherSessions), async (c) => {
      const response = await auth.api.revokeOtherSessions({ headers: authHeaders(c), asResponse: true });
      if (!response.ok) throw await refusalOf(response);
      logger.info({ event: 'other_sessions_revoked', userId: c.get('user').id }, 'Other sessions signed out');
      return c.json(await otherSessions(c), 200);
    })
    .openapi(behind(signedIn, accountRoutes.exportData), async (c) => {
      const data = await exportAccount({ db, storage }, c.get('user').id);
      const day = data.exportedAt.slice(0, 10);
      c.header('content-disposition', `attachment; filename="agentcast-export-${day}.json"`);
      c.header('cache-control', 'no-store');
      logger.info({ event: 'account_exported', userId: c.get('user').id, files: data.files.length }, 'Data exported');
      return c.json(data, 200);
    })
    .openapi(behind(signedIn, accountRoutes.deleteAccount), async (c) => {
      const { password } = c.req.valid('json');
      await confirm(c, password);
      const { id: userId, email } = c.get('user');
      await deleteAccount(
        { db, storage, logger },
        {
          userId,
          email,
          disconnectPlatforms: () => disconnectAllConnections(connections, { workspaceId: userId, userId }),
        },
      );
      // The session went with the account; this only clears the browser's cookie.
      const signOut = await auth.api.signOut({ headers: authHeaders(c), asResponse: true });
      return withCookies(c.json({ message: ACCOUNT_MESSAGES.accountDeleted }, 200), signOut);
    });
};
