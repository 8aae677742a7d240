import { queryOptions, useQuery } from '@tanstack/react-query';
import { terminalRoutes } from '@agentcast/contracts/api/terminal-routes';
import { callApi } from '../../../api/call-api.ts';
import { QUERY_KEYS } from '../../../api/query-keys.ts';
import { JUST_READ_MS } from '../../../api/query-client.ts';

/**
 * Today's usage against the plan: read again whenever the board is shown (unless read in the last seconds, as with
 * the page itself: main.tsx asks for it early) and every 30 s while it is, since scheduled posts use it up in the
 * background.
 */
export const readUsage = ({ signal }: { signal: AbortSignal }) => callApi(terminalRoutes.usage, { signal });

export const usageQueryOptions = () =>
  queryOptions({
    queryKey: QUERY_KEYS.usage,
    queryFn: readUsage,
    staleTime: JUST_READ_MS,
    refetchInterval: 30_000,
  });

export const useUsage = () => useQuery(usageQueryOptions());

/** This month's estimated platform cost, per agent: under the usage key, so that what refreshes usage refreshes it. */
export const readCosts = ({ signal }: { signal: AbortSignal }) => callApi(terminalRoutes.costs, { signal });

export const costsQueryOptions = () =>
  queryOptions({
    queryKey: [...QUERY_KEYS.usage, 'costs'],
    queryFn: readCosts,
    staleTime: JUST_READ_MS,
    refetchInterval: 60_000,
  });

export const useCosts = () => useQuery(costsQueryOptions());
