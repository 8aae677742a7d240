import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UsageSummary } from '@agentcast/contracts/publishing';
import { apiRequest } from '../../../lib/api-client.ts';

/**
 * Today's usage against the plan: read again whenever the board is shown and every 30 s while it is, since
 * scheduled posts use it up in the background.
 */
export const usageQueryOptions = () =>
  queryOptions({
    queryKey: ['usage'],
    queryFn: ({ signal }) => apiRequest<UsageSummary>('/api/usage', { signal }),
    refetchOnMount: 'always',
    refetchInterval: 30_000,
  });

export const useUsage = () => useQuery(usageQueryOptions());
