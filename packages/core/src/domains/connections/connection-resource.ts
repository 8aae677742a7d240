import type { PlatformConnection } from '@agentcast/contracts/connections';
import type { PlatformConnectionRow } from '@agentcast/db/schema/connections';

/** A stored connection as the API describes it: who and what it is, never its tokens. */
export const toConnectionResource = (row: PlatformConnectionRow): PlatformConnection => ({
  id: row.id,
  platform: row.platform,
  agent_id: row.agentId,
  pending: row.pendingUntil !== null,
  account_id: row.accountId,
  display_name: row.displayName,
  handle: row.handle,
  service_url: row.serviceUrl,
  reconnect_reason: row.reconnectReason,
  scopes: row.scopes,
  expires_at: row.expiresAt?.toISOString() ?? null,
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
});
