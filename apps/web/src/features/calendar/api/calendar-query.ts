import { queryOptions, useQuery } from '@tanstack/react-query';
import { calendarRoutes } from '@agentcast/contracts/api/calendar-routes';
import { callApi } from '../../../api/call-api.ts';
import { QUERY_KEYS } from '../../../api/query-keys.ts';

/**
 * The week ahead and behind (GET /api/calendar). Under the agents key: saving, deleting, pausing or triggering an
 * agent anywhere invalidates that key, and the calendar is read again with the AgentBoard's schedules, so the two
 * never name different next posts. Read again every minute while shown, as slots pass.
 */
export const calendarQueryOptions = () =>
  queryOptions({
    queryKey: [...QUERY_KEYS.agents, 'calendar'],
    queryFn: ({ signal }) => callApi(calendarRoutes.get, { signal }),
    refetchOnMount: 'always',
    refetchInterval: 60_000,
  });

export const useCalendar = () => useQuery(calendarQueryOptions());
