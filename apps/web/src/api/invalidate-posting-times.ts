import type { QueryClient } from '@tanstack/react-query';
import { QUERY_KEYS } from './query-keys.ts';

/**
 * What says when the agents post next (the AgentBoard's "Next post at …", the Calendar, the form's note) is read
 * again; the agents themselves did not change. After the account's zone changes (spread agents post within its
 * hours) and after a run posts (it may use the day's last post, moving the next one to tomorrow).
 */
export const invalidatePostingTimes = (queryClient: QueryClient) =>
  void queryClient.invalidateQueries({
    predicate: ({ queryKey }) =>
      queryKey[0] === QUERY_KEYS.agents[0] && ['schedules', 'calendar', 'posting-day'].includes(String(queryKey[1])),
  });
