import { createContext, useContext } from 'react';
import type { PlatformConnection, PostingPlatform } from '@agentcast/contracts/connections';

/** What the agent form knows of the agent's connections, for the notes beside the platforms it posts to. */
export type AgentConnectionsState = {
  /** The agent being edited; absent in the Create Agent form. */
  agentId?: string;
  /** Create Agent: the accounts connected for the agent-to-be, given to it when it is created. */
  pending: Partial<Record<PostingPlatform, PlatformConnection>>;
  setPending: (platform: PostingPlatform, connection: PlatformConnection | undefined) => void;
};

/** Null outside an AgentForm (a field rendered on its own): the connection notes then stay out. */
export const AgentConnectionsContext = createContext<AgentConnectionsState | null>(null);

export const useAgentConnections = () => useContext(AgentConnectionsContext);
