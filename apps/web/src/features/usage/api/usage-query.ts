import { queryOptions, useQuery } from '@tanstack/react-query';
import { terminalRoutes } from '@agentcast/contracts/api/terminal-routes';
import { callApi } from '../../../api/call-api.ts';
import { QUERY_KEYS } from '../../../api/query-keys.ts';

/**
 * Today's usage against the plan: read again whenever the board is shown and every 30 s while it is, since
 * scheduled posts use it up in the background.
 */
export const usageQueryOptions = () =>
  queryOptions({
    queryKey: QUERY_KEYS.usage,
    queryFn: ({ signal }) => callApi(terminalRoutes.usage, { signal }),
    refetchOnMount: 'always',
    refetchInterval: 30_000,
  });

export const useUsage = () => useQuery(usageQueryOptions());

/** This month's estimated platform cost, per agent: under the usage key, so that what refreshes usage refreshes it. */
export const costsQueryOptions = () =>
  queryOptions({
    queryKey: [...QUERY_KEYS.usage, 'costs'],
    queryFn: ({ signal }) => callApi(terminalRoutes.costs, { signal }),
    refetchOnMount: 'always',
    refetchInterval: 60_000,
  });

export const useCosts = () => useQuery(costsQueryOptions());
