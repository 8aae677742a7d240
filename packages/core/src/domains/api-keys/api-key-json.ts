import type { ApiKey } from '@agentcast/contracts/api-keys';
import type { ApiKeyRow } from '@agentcast/db/schema/api-keys';

export const apiKeyJson = (
  row: Pick<ApiKeyRow, 'id' | 'name' | 'scope' | 'hint' | 'createdAt' | 'lastUsedAt' | 'expiresAt'>,
  now: Date,
): ApiKey => ({
  id: row.id,
  name: row.name,
  scope: row.scope,
  hint: row.hint,
  created_at: row.createdAt.toISOString(),
  last_used_at: row.lastUsedAt?.toISOString() ?? null,
  expires_at: row.expiresAt?.toISOString() ?? null,
  expired: row.expiresAt !== null && row.expiresAt <= now,
});
