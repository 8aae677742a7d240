import type { QueryClient, QueryKey } from '@tanstack/react-query';

/**
 * Reads the queries under `queryKey` again, starting now, also while a read of theirs is under way. Invalidating alone
 * is not enough then: TanStack Query restarts a refetch of data it has, but a first read in flight is joined, not
 * restarted, and its answer, read before the change the caller just heard of (a pushed message, a reopened stream),
 * would stand until the next change (a terminal entry stayed "Waiting to post to X" after it had failed).
 */
export const readAgain = async (queryClient: QueryClient, queryKey: QueryKey) => {
  await queryClient.cancelQueries({ queryKey });
  await queryClient.invalidateQueries({ queryKey });
};
