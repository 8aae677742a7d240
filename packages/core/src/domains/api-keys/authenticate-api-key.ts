import { sql } from 'drizzle-orm';
import { API_KEY_RATE_LIMIT, type ApiKeyScope } from '@agentcast/contracts/api-keys';
import type { Database } from '@agentcast/db/client';
import { queryRows } from '@agentcast/db/query-rows';
import type { WorkspaceRole } from '@agentcast/contracts/workspace-roles';
import { hashApiKey } from './api-key-secret.ts';

export type ApiKeyCaller = {
  user: { id: string; email: string };
  /** The workspace the key acts in, and its maker's role there. */
  workspace: { id: string; role: WorkspaceRole };
  keyId: string;
  scope: ApiKeyScope;
  /** This request's place in the key's rate-limit window. */
  rate: { limit: number; remaining: number; resetSeconds: number };
};

type Row = {
  key_id: string;
  user_id: string;
  workspace_id: string;
  role: WorkspaceRole;
  email: string;
  scope: ApiKeyScope;
  window_start: Date | string;
  window_requests: number;
};

/**
 * The maker of a key and its workspace, or null when the key is unknown or expired, or its maker is no longer a
 * member of the workspace. The same statement records the use (last used,
 * and one more request in the key's fixed window, which restarts once it is `windowSeconds` old), so that every
 * server process counts against one limit at the cost of one round trip. A request past the limit is counted
 * too; `remaining` is then negative and the caller refuses it.
 */
export const authenticateApiKey = async (db: Database, key: string, now = new Date()): Promise<ApiKeyCaller | null> => {
  const windowMs = API_KEY_RATE_LIMIT.windowSeconds * 1000;
  const windowFrom = new Date(now.getTime() - windowMs);
  const [row] = await queryRows<Row>(
    db,
    sql`
      WITH used AS (
        UPDATE api_key SET
          last_used_at = ${now},
          window_start = CASE WHEN window_start IS NULL OR window_start <= ${windowFrom} THEN ${now} ELSE window_start END,
          window_requests = CASE WHEN window_start IS NULL OR window_start <= ${windowFrom} THEN 1 ELSE window_requests + 1 END
        WHERE key_hash = ${hashApiKey(key)} AND (expires_at IS NULL OR expires_at > ${now})
        RETURNING id, user_id, workspace_id, scope, window_start, window_requests
      )
      SELECT used.id AS key_id, used.user_id, used.workspace_id, member.role, "user".email, used.scope,
        used.window_start, used.window_requests
      FROM used JOIN "user" ON "user".id = used.user_id
      JOIN workspace_member member ON member.workspace_id = used.workspace_id AND member.user_id = used.user_id`,
  );
  if (!row) return null;
  const windowEnds = new Date(row.window_start).getTime() + windowMs;
  return {
    user: { id: row.user_id, email: row.email },
    workspace: { id: row.workspace_id, role: row.role },
    keyId: row.key_id,
    scope: row.scope,
    rate: {
      limit: API_KEY_RATE_LIMIT.requests,
      remaining: API_KEY_RATE_LIMIT.requests - row.window_requests,
      resetSeconds: Math.max(1, Math.ceil((windowEnds - now.getTime()) / 1000)),
    },
  };
};
