import { apiKeysRoutes } from '@agentcast/contracts/api/api-keys-routes';
import { createApiKey, listApiKeys, revokeApiKey } from '@agentcast/core/domains/api-keys/manage-api-keys';
import type { Database } from '@agentcast/db/client';
import { actingMember } from '../http/acting-member.ts';
import { behind, createApiRouter } from '../http/api-router.ts';
import { requireSession, type SessionCheck } from '../middleware/require-session.ts';

/**
 * The member's API keys in the workspace (Settings → API keys), which act with the member's role there. Behind the
 * browser session alone and never the membership gate: a key cannot make or revoke keys, and someone whose
 * membership ended can still revoke theirs.
 */
export const createApiKeysRoutes = ({ session, db }: { session: SessionCheck; db: Database }) => {
  const signedIn = [requireSession(session)];
  return createApiRouter()
    .openapi(behind(signedIn, apiKeysRoutes.list), async (c) =>
      c.json({ api_keys: await listApiKeys(db, actingMember(c)) }, 200),
    )
    .openapi(behind(signedIn, apiKeysRoutes.create), async (c) =>
      c.json(await createApiKey(db, actingMember(c), c.req.valid('json')), 201),
    )
    .openapi(behind(signedIn, apiKeysRoutes.revoke), async (c) => {
      await revokeApiKey(db, actingMember(c), c.req.valid('param').id);
      return c.body(null, 204);
    });
};
