import { queryOptions, useQuery } from '@tanstack/react-query';
import { agentsRoutes } from '@agentcast/contracts/api/agents-routes';
import { callApi } from '../../../api/call-api.ts';
import { QUERY_KEYS } from '../../../api/query-keys.ts';

/** The user's agents, newest first. */
export const agentsQueryOptions = () =>
  queryOptions({
    queryKey: QUERY_KEYS.agents,
    queryFn: ({ signal }) => callApi(agentsRoutes.list, { signal }),
  });

export const useAgents = () => useQuery(agentsQueryOptions());
