import { desc, eq } from 'drizzle-orm';
import type { Agent } from '@agentcast/contracts/agents';
import { agent } from '@agentcast/db/schema/agents';
import type { AgentServices } from './agent-services.ts';
import { toAgentResource } from './agent-resource.ts';

/** The user's agents, newest first (spec §7). */
export const findAgents = async (services: AgentServices, { userId }: { userId: string }): Promise<Agent[]> => {
  const rows = await services.db.select().from(agent).where(eq(agent.userId, userId)).orderBy(desc(agent.createdAt), desc(agent.id));
  return rows.map((row) => toAgentResource(row, services));
};
