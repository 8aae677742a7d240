import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { connectionsQueryKey, deleteConnection, fetchConnections } from '../../../lib/oauth/connections-api.ts';
import { agentsQueryOptions } from './agents-query.ts';

/** The user's own connections (the fallback of every agent) and which platforms this server can connect. */
export const useUserConnections = () => useQuery({ queryKey: connectionsQueryKey(), queryFn: ({ signal }) => fetchConnections(undefined, signal) });

/** The connections of this agent itself; none to ask for while the agent is not created yet. */
export const useAgentConnections = (agentId: string | undefined) =>
  useQuery({ queryKey: connectionsQueryKey(agentId), queryFn: ({ signal }) => fetchConnections(agentId, signal), enabled: agentId !== undefined });

/** After a connect or disconnect: the agent's connections and the list (its linkedin_connected, x_connected). */
export const useRefreshAgentConnections = (agentId: string | undefined) => {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: connectionsQueryKey(agentId) });
    void queryClient.invalidateQueries({ queryKey: agentsQueryOptions().queryKey });
  };
};

export const useDeleteConnection = () => useMutation({ mutationFn: deleteConnection });
