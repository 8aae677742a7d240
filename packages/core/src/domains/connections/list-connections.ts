import { and, asc, eq, isNull } from 'drizzle-orm';
import { CONNECTABLE_PLATFORMS, isOAuthPlatform, type ConnectionsOverview } from '@agentcast/contracts/connections';
import { platformConnection } from '@agentcast/db/schema/connections';
import { findOwnedAgentRow } from '../ownership/find-owned-agent-row.ts';
import type { ConnectionServices } from './connection-services.ts';
import { toConnectionResource } from './connection-resource.ts';

/**
 * Which platforms this server can connect, and the connections: the user's own (agent builder), or with an agent
 * id that agent's (another user's agent answers 404).
 */
export const listConnections = async (
  { db, oauthProviders, farcasterSigners }: Pick<ConnectionServices, 'db' | 'oauthProviders' | 'farcasterSigners'>,
  { workspaceId, agentId }: { workspaceId: string; agentId?: string },
): Promise<ConnectionsOverview> => {
  if (agentId) await findOwnedAgentRow(db, { workspaceId, agentId });
  const rows = await db
    .select()
    .from(platformConnection)
    .where(
      agentId
        ? and(eq(platformConnection.workspaceId, workspaceId), eq(platformConnection.agentId, agentId))
        : and(
            eq(platformConnection.workspaceId, workspaceId),
            isNull(platformConnection.agentId),
            isNull(platformConnection.pendingUntil),
          ),
    )
    .orderBy(asc(platformConnection.createdAt));
  return {
    platforms: CONNECTABLE_PLATFORMS.map((platform) => ({
      platform,
      ...(oauthProviders.get(platform)?.appPostsPrivately && { posts_private: true }),
      // A platform connected with the account's own credentials needs nothing of the operator; Farcaster needs its
      // Neynar key.
      configured:
        platform === 'farcaster'
          ? farcasterSigners !== undefined
          : !isOAuthPlatform(platform) || oauthProviders.get(platform) !== undefined,
    })),
    connections: rows.map(toConnectionResource),
  };
};
