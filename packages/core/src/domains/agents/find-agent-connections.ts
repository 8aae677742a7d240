import { and, inArray, isNotNull } from 'drizzle-orm';
import type { Database } from '@agentcast/db/client';
import { platformConnection } from '@agentcast/db/schema/connections';

/** What an agent resource says about the accounts connected to the agent itself (never tokens). */
export type AgentConnectionSummary = { platform: string; accountId: string; handle: string | null };

/** The accounts connected to these agents, by agent id. */
export const findAgentConnections = async (
  db: Database,
  agentIds: string[],
): Promise<Map<string, AgentConnectionSummary[]>> => {
  const byAgent = new Map<string, AgentConnectionSummary[]>();
  if (agentIds.length === 0) return byAgent;
  const rows = await db
    .select({
      agentId: platformConnection.agentId,
      platform: platformConnection.platform,
      accountId: platformConnection.accountId,
      handle: platformConnection.handle,
    })
    .from(platformConnection)
    .where(and(inArray(platformConnection.agentId, agentIds), isNotNull(platformConnection.agentId)));
  for (const { agentId, ...summary } of rows) {
    if (agentId) byAgent.set(agentId, [...(byAgent.get(agentId) ?? []), summary]);
  }
  return byAgent;
};
