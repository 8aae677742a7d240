import { eq } from 'drizzle-orm';
import { platformConnection } from '@agentcast/db/schema/connections';
import type { ConnectionServices } from './connection-services.ts';
import { deleteConnection } from './delete-connection.ts';
import { personActor } from '../audit/audit-actor.ts';

/**
 * Disconnects every platform account of the user (theirs and their agents'), each as the Disconnect button does:
 * deleted here, then the grant revoked at the provider where it offers that. Used when the account is deleted (the
 * person is the actor the audit log names, until their workspace goes too).
 */
export const disconnectAllConnections = async (
  services: ConnectionServices,
  { workspaceId, userId }: { workspaceId: string; userId: string },
) => {
  const rows = await services.db
    .select({ id: platformConnection.id })
    .from(platformConnection)
    .where(eq(platformConnection.workspaceId, workspaceId));
  let revoked = 0;
  for (const { id } of rows) {
    const outcome = await deleteConnection(services, {
      workspaceId,
      connectionId: id,
      actor: personActor({ userId }),
    }).catch(() => ({
      revoked: false,
    }));
    if (outcome.revoked) revoked++;
  }
  return { revoked, total: rows.length };
};
