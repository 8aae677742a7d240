import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { connectionsQueryKey, deleteConnection, fetchConnections } from '../../../lib/oauth/connections-api.ts';

/** The user's own connections (agent builder) and which platforms this server can connect. */
export const userConnectionsQueryOptions = () =>
  queryOptions({ queryKey: connectionsQueryKey(), queryFn: ({ signal }) => fetchConnections(undefined, signal) });

export const useUserConnections = () => useQuery(userConnectionsQueryOptions());

export const useDisconnectConnection = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteConnection,
    onSettled: () => queryClient.invalidateQueries({ queryKey: connectionsQueryKey() }),
  });
};
