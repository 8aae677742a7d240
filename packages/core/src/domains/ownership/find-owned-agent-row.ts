import { and, eq } from 'drizzle-orm';
import type { Database } from '@agentcast/db/client';
import { agent, type AgentRow } from '@agentcast/db/schema/agents';
import { AppError } from '../../kernel/app-error.ts';
import { isUuid } from '../../kernel/is-uuid.ts';

export const AGENT_NOT_FOUND_MESSAGE = 'Agent not found';

/**
 * The agent with this id if this user owns it. Another user's agent and a missing one answer alike (NOT_FOUND),
 * so ids cannot be probed.
 */
export const findOwnedAgentRow = async (
  db: Database,
  { workspaceId, agentId }: { workspaceId: string; agentId: string },
): Promise<AgentRow> => {
  const [row] = isUuid(agentId)
    ? await db
        .select()
        .from(agent)
        .where(and(eq(agent.id, agentId), eq(agent.workspaceId, workspaceId)))
        .limit(1)
    : [];
  if (!row) throw new AppError('NOT_FOUND', AGENT_NOT_FOUND_MESSAGE);
  return row;
};
