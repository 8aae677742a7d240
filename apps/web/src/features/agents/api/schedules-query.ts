import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AgentSchedule } from '@agentcast/contracts/schedules';
import { terminalRoutes } from '@agentcast/contracts/api/terminal-routes';
import { callApi } from '../../../api/call-api.ts';
import { QUERY_KEYS } from '../../../api/query-keys.ts';
import { JUST_READ_MS } from '../../../api/query-client.ts';

/**
 * When the user's agents next act on their own; read whenever a list is shown (unless just read) and every minute
 * while it is. Under the agents key, so that whatever reloads the agents after a save or a delete reloads this too.
 */
export const readSchedules = ({ signal }: { signal: AbortSignal }) => callApi(terminalRoutes.schedules, { signal });

export const schedulesQueryOptions = () =>
  queryOptions({
    queryKey: [...QUERY_KEYS.agents, 'schedules'],
    queryFn: readSchedules,
    staleTime: JUST_READ_MS,
    refetchInterval: 60_000,
  });

/**
 * When an agent next posts on its own: the time of the first slot that will post or draft (the Calendar's), or
 * 'not-soon' when none does in the days the server looks ahead (every slot over a quota or skipped), or
 * 'on-trigger' when it has no post schedule (posting off, or paused).
 */
export type NextPost = Date | 'not-soon' | 'on-trigger';

/** Next posts by agent id (a module-level function, so react-query keeps its result between renders). */
export const nextPostsByAgent = ({ schedules }: { schedules: AgentSchedule[] }) =>
  new Map<string, NextPost>(
    schedules
      .filter((entry) => entry.kind === 'post')
      .map((entry) => [entry.agent_id, entry.next_post_at === null ? 'not-soon' : new Date(entry.next_post_at)]),
  );

/** An agent's next post (see NextPost); undefined until the schedules are read. */
export const useNextPosts = () => {
  const { data: byAgent } = useQuery({ ...schedulesQueryOptions(), select: nextPostsByAgent });
  return (agentId: string): NextPost | undefined => (byAgent ? (byAgent.get(agentId) ?? 'on-trigger') : undefined);
};
