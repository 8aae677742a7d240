import { and, eq } from 'drizzle-orm';
import type { ConnectablePlatform } from '@agentcast/contracts/connections';
import type { Database } from '@agentcast/db/client';
import { platformConnection } from '@agentcast/db/schema/connections';

/**
 * The person's own accounts on a platform (their agents' and their own connections): an agent never answers them,
 * so two of one person's agents cannot talk to each other.
 */
export const ownAccountIdsOn = async (db: Database, userId: string, platform: ConnectablePlatform) =>
  new Set(
    (
      await db
        .select({ accountId: platformConnection.accountId })
        .from(platformConnection)
        .where(and(eq(platformConnection.userId, userId), eq(platformConnection.platform, platform)))
    ).map((row) => row.accountId),
  );
