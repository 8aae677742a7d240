import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Database } from '@agentcast/db/client';
import { agentRun } from '@agentcast/db/schema/runs';

/**
 * Which of these posts another of the person's agents already answers (or was held back from answering) on this
 * platform: two agents that read the same account's mentions would otherwise both answer one message from it.
 */
export const answeredByOtherAgents = async (
  db: Database,
  {
    workspaceId,
    agentId,
    platform,
    postIds,
  }: { workspaceId: string; agentId: string; platform: string; postIds: string[] },
) => {
  if (postIds.length === 0) return new Set<string>();
  const rows = await db
    .select({ postId: sql<string>`${agentRun.replyTo}->>'postId'` })
    .from(agentRun)
    .where(
      and(
        eq(agentRun.workspaceId, workspaceId),
        eq(agentRun.kind, 'reply'),
        ne(agentRun.agentId, agentId),
        sql`${agentRun.replyTo}->>'platform' = ${platform}`,
        inArray(sql<string>`${agentRun.replyTo}->>'postId'`, postIds),
      ),
    );
  return new Set(rows.map((row) => row.postId));
};
