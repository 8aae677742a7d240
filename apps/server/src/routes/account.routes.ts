import { accountRoutes } from '@agentcast/contracts/api/account-routes';
import { getAccountSettings, updateAccountSettings } from '@agentcast/core/domains/notifications/account-settings';
import type { Database } from '@agentcast/db/client';
import { behind, createApiRouter } from '../http/api-router.ts';
import { requireSession, type SessionCheck } from '../middleware/require-session.ts';

/**
 * The person's own account settings. Signed in is enough (not gated): someone whose membership ended can still
 * stop the e-mails.
 */
export const createAccountRoutes = ({ session, db }: { session: SessionCheck; db: Database }) => {
  const signedIn = [requireSession(session)];
  return createApiRouter()
    .openapi(behind(signedIn, accountRoutes.settings), async (c) =>
      c.json(await getAccountSettings(db, c.get('user').id), 200),
    )
    .openapi(behind(signedIn, accountRoutes.changeSettings), async (c) =>
      c.json(await updateAccountSettings(db, c.get('user').id, c.req.valid('json')), 200),
    );
};
