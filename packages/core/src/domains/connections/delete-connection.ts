import { and, eq } from 'drizzle-orm';
import { platformConnection } from '@agentcast/db/schema/connections';
import { AppError } from '../../kernel/app-error.ts';
import type { ConnectionServices } from './connection-services.ts';
import { isUuid } from '../../kernel/is-uuid.ts';
import { openTokens } from './get-platform-access.ts';

/**
 * Disconnects: deletes the connection (another user's answers 404, like a missing one), then revokes the grant at
 * the provider where it offers that. The deletion stands even if revoking fails: the tokens are gone from here,
 * and the answer says whether the provider confirmed.
 */
export const deleteConnection = async (
  services: ConnectionServices,
  { workspaceId, connectionId }: { workspaceId: string; connectionId: string },
) => {
  const { db, secretBox, oauthProviders, logger } = services;
  const [row] = isUuid(connectionId)
    ? await db
        .delete(platformConnection)
        .where(and(eq(platformConnection.id, connectionId), eq(platformConnection.workspaceId, workspaceId)))
        .returning()
    : [];
  if (!row) throw new AppError('NOT_FOUND', 'Connection not found');

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
