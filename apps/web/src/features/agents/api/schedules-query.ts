import { queryOptions, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { AgentSchedule } from '@agentcast/contracts/schedules';
import { apiRequest } from '../../../lib/api-client.ts';

/**
 * When the user's agents next act on their own; read whenever a list is shown and every minute while it is. Under
 * the agents key, so that whatever reloads the agents after a save or a delete reloads this too.
 */
export const schedulesQueryOptions = () =>
  queryOptions({
    queryKey: ['agents', 'schedules'],
    queryFn: ({ signal }) => apiRequest<{ schedules: AgentSchedule[] }>('/api/schedules', { signal }),
    refetchOnMount: 'always',
    refetchInterval: 60_000,
  });

/** Each agent's next scheduled post, by agent id (agents that post only when triggered have none). */
export const useNextPosts = () => {
  const { data } = useQuery(schedulesQueryOptions());
  return useMemo(
    () => new Map((data?.schedules ?? []).filter((entry) => entry.kind === 'post').map((entry) => [entry.agent_id, new Date(entry.next_run_at)])),
    [data],
  );
};
