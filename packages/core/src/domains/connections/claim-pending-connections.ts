import { and, eq, gt, inArray, isNotNull } from 'drizzle-orm';
import type { Database } from '@agentcast/db/client';
import { platformConnection, type PlatformConnectionRow } from '@agentcast/db/schema/connections';
import { AppError } from '../../kernel/app-error.ts';

/**
 * Gives a new agent the connections its Create Agent form made before it existed. Runs inside the agent's insert
 * transaction: if one of them has expired or gone, nothing is saved and the form says which to reconnect.
 * Of two connections for the same platform, the newest wins and the other is dropped.
 */
export const claimPendingConnections = async (
  tx: Database,
  { workspaceId, agentId, connectionIds }: { workspaceId: string; agentId: string; connectionIds: string[] },
): Promise<PlatformConnectionRow[]> => {
  if (connectionIds.length === 0) return [];
  const pending = await tx
    .select()
    .from(platformConnection)
    .where(
      and(
        inArray(platformConnection.id, connectionIds),
        eq(platformConnection.workspaceId, workspaceId),
        isNotNull(platformConnection.pendingUntil),
        gt(platformConnection.pendingUntil, new Date()),
      ),
    );
  if (pending.length < new Set(connectionIds).size) {
    throw new AppError(
      'VALIDATION_FAILED',
      'A platform connected for this agent has expired or was removed. Connect it again, then create the agent.',
      { fieldErrors: { pending_connections: ['Connect the platform again.'] } },
    );
  }
  const newestByPlatform = new Map<string, PlatformConnectionRow>();
  for (const row of pending.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime()))
    newestByPlatform.set(row.platform, row);
  const kept = [...newestByPlatform.values()].map((row) => row.id);
  const dropped = pending.filter((row) => !kept.includes(row.id)).map((row) => row.id);
  if (dropped.length > 0) await tx.delete(platformConnection).where(inArray(platformConnection.id, dropped));
  return tx
    .update(platformConnection)
    .set({ agentId, pendingUntil: null, updatedAt: new Date() })
    .where(inArray(platformConnection.id, kept))
    .returning();
};
