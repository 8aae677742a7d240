import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AgentSchedule } from '@agentcast/contracts/schedules';
import { terminalRoutes } from '@agentcast/contracts/api/terminal-routes';
import { callApi } from '../../../api/call-api.ts';
import { QUERY_KEYS } from '../../../api/query-keys.ts';

/**
 * When the user's agents next act on their own; read whenever a list is shown and every minute while it is. Under
 * the agents key, so that whatever reloads the agents after a save or a delete reloads this too.
 */
export const schedulesQueryOptions = () =>
  queryOptions({
    queryKey: [...QUERY_KEYS.agents, 'schedules'],
    queryFn: ({ signal }) => callApi(terminalRoutes.schedules, { signal }),
    refetchOnMount: 'always',
    refetchInterval: 60_000,
  });

/** Next scheduled posts by agent id (a module-level function, so react-query keeps its result between renders). */
const nextPostsByAgent = ({ schedules }: { schedules: AgentSchedule[] }) =>
  new Map(
    schedules.filter((entry) => entry.kind === 'post').map((entry) => [entry.agent_id, new Date(entry.next_run_at)]),
  );

/**
 * An agent's next scheduled post: a date; null when it posts only when triggered; undefined until the schedules
 * are read.
 */
export const useNextPosts = () => {
  const { data: byAgent } = useQuery({ ...schedulesQueryOptions(), select: nextPostsByAgent });
  return (agentId: string) => (byAgent ? (byAgent.get(agentId) ?? null) : undefined);
};
