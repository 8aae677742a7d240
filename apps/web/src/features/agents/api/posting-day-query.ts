import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { terminalRoutes } from '@agentcast/contracts/api/terminal-routes';
import { callApi } from '../../../api/call-api.ts';
import { QUERY_KEYS } from '../../../api/query-keys.ts';

/**
 * How the agent would post with this interval under the account's plan (the server's rule, which saving applies):
 * asked again as the interval changes, the last answer kept meanwhile so the note does not flicker. Under the
 * agents key: saving or deleting an agent changes how the plan's posts are shared.
 */
export const usePostingDay = (interval: number, agentId: string | undefined) =>
  useQuery({
    queryKey: [...QUERY_KEYS.agents, 'posting-day', interval, agentId ?? null],
    queryFn: ({ signal }) =>
      callApi(terminalRoutes.postingDay, { query: { interval, ...(agentId && { agent_id: agentId }) }, signal }),
    enabled: Number.isInteger(interval) && interval >= 1,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
