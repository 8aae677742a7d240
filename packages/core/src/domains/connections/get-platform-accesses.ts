import { and, inArray, isNull, or, eq } from 'drizzle-orm';
import type { ConnectablePlatform } from '@agentcast/contracts/connections';
import { agent } from '@agentcast/db/schema/agents';
import { platformConnection } from '@agentcast/db/schema/connections';
import { isUuid } from '../../kernel/is-uuid.ts';
import {
  isDue,
  markUnreadable,
  renew,
  toAccess,
  type AccessServices,
  type PlatformAccess,
} from './get-platform-access.ts';
import { PlatformAccessError } from './platform-access-error.ts';

export type AccessRequest = { workspaceId: string; agentId: string; platform: ConnectablePlatform };

/**
 * getPlatformAccess for many agents at once (a pass of the metrics collector): one query finds every candidate
 * connection; each agent gets its own before its owner's, renewed under its row lock when due, as getPlatformAccess
 * does. One answer per request, in order: the access, null (none connected), or the PlatformAccessError it would throw.
 */
export const getPlatformAccesses = async (
  services: AccessServices,
  requests: AccessRequest[],
): Promise<(PlatformAccess | null | PlatformAccessError)[]> => {
  const agentIds = [...new Set(requests.map((request) => request.agentId).filter(isUuid))];
  const platforms = [...new Set(requests.map((request) => request.platform))];
  const rows =
    agentIds.length === 0
      ? []
      : await services.db
          .select({ connection: platformConnection, agentId: agent.id })
          .from(platformConnection)
          .innerJoin(agent, and(inArray(agent.id, agentIds), eq(agent.workspaceId, platformConnection.workspaceId)))
          .where(
            and(
              inArray(platformConnection.platform, platforms),
              isNull(platformConnection.pendingUntil),
              or(eq(platformConnection.agentId, agent.id), isNull(platformConnection.agentId)),
            ),
          );
  return Promise.all(
    requests.map(async ({ workspaceId, agentId, platform }) => {
      const candidates = rows.filter(
        (row) =>
          row.agentId === agentId && row.connection.workspaceId === workspaceId && row.connection.platform === platform,
      );
      const chosen = candidates.find((row) => row.connection.agentId !== null) ?? candidates[0];
      if (!chosen) return null;
      try {
        const connection = isDue(services, chosen.connection, Date.now())
          ? await renew(services, chosen.connection)
          : chosen.connection;
        return connection ? toAccess(services, connection) : null;
      } catch (error) {
        if (error instanceof PlatformAccessError) return (await markUnreadable(services, error)) as PlatformAccessError;
        throw error;
      }
    }),
  );
};
