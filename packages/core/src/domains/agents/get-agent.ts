import type { Agent } from '@agentcast/contracts/agents';
import type { AgentServices } from './agent-services.ts';
import { toAgentResource } from './agent-resource.ts';
import { findAgentConnections } from './find-agent-connections.ts';
import { findOwnedAgentRow } from '../ownership/find-owned-agent-row.ts';

export const getAgent = async (
  services: AgentServices,
  ids: { workspaceId: string; agentId: string },
): Promise<Agent> => {
  const row = await findOwnedAgentRow(services.db, ids);
  const connections = await findAgentConnections(services.db, [row.id]);
  return toAgentResource(row, services, connections.get(row.id));
};
