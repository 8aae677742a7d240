import { and, eq } from 'drizzle-orm';
import { platformConnection } from '@agentcast/db/schema/connections';
import { AppError } from '../../kernel/app-error.ts';
import type { ConnectionServices } from './connection-services.ts';
import { isUuid } from '../../kernel/is-uuid.ts';
import { openTokens } from './get-platform-access.ts';
import type { AuditActor } from '../audit/audit-actor.ts';
import { recordAuditEvent } from '../audit/record-audit-event.ts';
import { accountLabel } from './save-connection.ts';

/**
 * Disconnects: deletes the connection (another user's answers 404, like a missing one), then revokes the grant at
 * the provider where it offers that. The deletion stands even if revoking fails: the tokens are gone from here,
 * and the answer says whether the provider confirmed.
 */
export const deleteConnection = async (
  services: ConnectionServices,
  { workspaceId, connectionId, actor }: { workspaceId: string; connectionId: string; actor: AuditActor },
) => {
  const { db, secretBox, oauthProviders, logger } = services;
  const row = await db.transaction(async (tx) => {
    const [deleted] = isUuid(connectionId)
      ? await tx
          .delete(platformConnection)
          .where(and(eq(platformConnection.id, connectionId), eq(platformConnection.workspaceId, workspaceId)))
          .returning()
      : [];
    if (!deleted) throw new AppError('NOT_FOUND', 'Connection not found');
    await recordAuditEvent(tx, {
      workspaceId,
      actor,
      action: 'connection.disconnected',
      subject: { id: deleted.id, name: accountLabel(deleted.platform, deleted) },
    });
    return deleted;
  });

  const provider = oauthProviders.get(row.platform);
  let revoked = false;
  if (provider?.revoke) {
    try {
      await provider.revoke(openTokens({ secretBox }, row), { serviceUrl: row.serviceUrl });
      revoked = true;
    } catch (error) {
      logger.warn(
        { platform: row.platform, connectionId: row.id, reason: (error as Error).message },
        'Revoking a disconnected platform failed',
      );
    }
  }
  logger.info({ workspaceId, platform: row.platform, connectionId: row.id, revoked }, 'Platform disconnected');
  return { success: true as const, revoked };
};
