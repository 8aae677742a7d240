import type { Agent } from '@agentcast/contracts/agents';
import type { AgentServices } from './agent-services.ts';
import { toAgentResource } from './agent-resource.ts';
import { findOwnedAgentRow } from './find-owned-agent-row.ts';

export const getAgent = async (services: AgentServices, ids: { userId: string; agentId: string }): Promise<Agent> =>
  toAgentResource(await findOwnedAgentRow(services.db, ids), services);
