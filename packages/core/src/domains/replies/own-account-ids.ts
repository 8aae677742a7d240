import { and, eq } from 'drizzle-orm';
import { isConnectablePlatform } from '@agentcast/contracts/connections';
import type { Database } from '@agentcast/db/client';
import { platformConnection } from '@agentcast/db/schema/connections';

/**
 * The person's own accounts on a platform (their agents' and their own connections): an agent never answers them,
 * so two of one person's agents cannot talk to each other. A platform nobody can connect yet has none.
 */
export const ownAccountIdsOn = async (db: Database, workspaceId: string, platform: string) => {
  if (!isConnectablePlatform(platform)) return new Set<string>();
  const rows = await db
    .select({ accountId: platformConnection.accountId })
    .from(platformConnection)
    .where(and(eq(platformConnection.workspaceId, workspaceId), eq(platformConnection.platform, platform)));
  return new Set(rows.map((row) => row.accountId));
};
