import { apiKeysRoutes } from '@agentcast/contracts/api/api-keys-routes';
import { createApiKey, listApiKeys, revokeApiKey } from '@agentcast/core/domains/api-keys/manage-api-keys';
import type { Database } from '@agentcast/db/client';
import { behind, createApiRouter } from '../http/api-router.ts';
import { requireSession, type SessionCheck } from '../middleware/require-session.ts';

/**
 * The account's personal API keys (Settings → API keys). Behind the browser session alone and never the
 * membership gate: a key cannot make or revoke keys, and someone whose membership ended can still revoke theirs.
 */
export const createApiKeysRoutes = ({ session, db }: { session: SessionCheck; db: Database }) => {
  const signedIn = [requireSession(session)];
  return createApiRouter()
    .openapi(behind(signedIn, apiKeysRoutes.list), async (c) =>
      c.json({ api_keys: await listApiKeys(db, c.get('workspace').id) }, 200),
    )
    .openapi(behind(signedIn, apiKeysRoutes.create), async (c) =>
      c.json(
        await createApiKey(db, { workspaceId: c.get('workspace').id, userId: c.get('user').id }, c.req.valid('json')),
        201,
      ),
    )
    .openapi(behind(signedIn, apiKeysRoutes.revoke), async (c) => {
      await revokeApiKey(db, c.get('workspace').id, c.req.valid('param').id);
      return c.body(null, 204);
    });
};
