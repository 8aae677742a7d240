import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UsageSummary } from '@agentcast/contracts/publishing';
import { apiRequest } from '../../../lib/api-client.ts';

/** Today's usage against the plan; refreshed now and then, since scheduled posts use it up in the background. */
export const usageQueryOptions = () =>
  queryOptions({
    queryKey: ['usage'],
    queryFn: ({ signal }) => apiRequest<UsageSummary>('/api/usage', { signal }),
    refetchInterval: 30_000,
  });

export const useUsage = () => useQuery(usageQueryOptions());
