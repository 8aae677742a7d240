import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { Agent } from '@agentcast/contracts/agents';
import type { AgentsPage } from '@agentcast/contracts/agents-page';
import { AGENTS_PAGE_MAX } from '@agentcast/contracts/agents-page-constants';
import { agentsRoutes } from '@agentcast/contracts/api/agents-routes';
import { callApi } from '../../../api/call-api.ts';
import { QUERY_KEYS } from '../../../api/query-keys.ts';

/**
 * The AgentBoard's agents, newest first, a page (50) at a time: the next page is read as the list is scrolled
 * (agent-board.tsx). Reading them again (after a save, say) asks for each page with its ETag, which the browser
 * sends and the server confirms with a 304 while the page is unchanged.
 */
export const readAgentPage = ({ pageParam, signal }: { pageParam: string | undefined; signal: AbortSignal }) =>
  callApi(agentsRoutes.list, { query: { cursor: pageParam }, signal });

export const nextAgentPage = (page: AgentsPage) => page.next_cursor ?? undefined;

export const agentPagesQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: [...QUERY_KEYS.agents, 'pages'],
    queryFn: readAgentPage,
    initialPageParam: undefined as string | undefined,
    getNextPageParam: nextAgentPage,
  });

export const useAgentPages = () => useInfiniteQuery(agentPagesQueryOptions());

/**
 * Every agent of the user, newest first, for the screens that choose among all of them (the Terminal's, Analytics'
 * and Review's agent pickers, Managed Agents): read page by page at the largest size, one request up to 100 agents.
 * Kept on the board's endpoint rather than a separate lighter list, because Review's compose form and Managed
 * Agents need whole agents, and the pages' ETags make reading them again cheap.
 */
export const agentsQueryOptions = () =>
  queryOptions({
    queryKey: QUERY_KEYS.agents,
    queryFn: async ({ signal }) => {
      const agents: Agent[] = [];
      let cursor: string | undefined;
      do {
        const page = await callApi(agentsRoutes.list, { query: { cursor, limit: AGENTS_PAGE_MAX }, signal });
        agents.push(...page.agents);
        cursor = page.next_cursor ?? undefined;
      } while (cursor);
      return agents;
    },
  });

/** `enabled: false` for a screen that may need them later (the dashboard on its AgentBoard tab, which reads pages). */
export const useAgents = ({ enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({ ...agentsQueryOptions(), enabled });
