import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Agent } from '@agentcast/contracts/agents';
import { apiRequest } from '../../../lib/api-client.ts';

/** The user's agents, newest first. */
export const agentsQueryOptions = () =>
  queryOptions({
    queryKey: ['agents'],
    queryFn: ({ signal }) => apiRequest<Agent[]>('/api/agents', { signal }),
  });

export const useAgents = () => useQuery(agentsQueryOptions());
