import { eq } from 'drizzle-orm';
import type { Database } from '@agentcast/db/client';
import { platformConnection } from '@agentcast/db/schema/connections';

/**
 * Marks a connection the platform no longer accepts (a refused renewal, a 401 on a post), with the reason in the
 * person's words: the Agent Builder and the agent forms then say "Reconnect needed" beside it instead of letting
 * posts fail in silence. Connecting the account again clears it, and so does an access that works again.
 */
export const markReconnectNeeded = async (db: Database, connectionId: string, reason: string) => {
  await db.update(platformConnection).set({ reconnectReason: reason }).where(eq(platformConnection.id, connectionId));
};
