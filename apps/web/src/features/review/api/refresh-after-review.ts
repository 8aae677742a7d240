import { useQueryClient } from '@tanstack/react-query';
import { QUERY_KEYS } from '../../../api/query-keys.ts';

/**
 * After any action on a draft or a written post: the drafts, and today's usage (a rejected draft gives its post
 * back; a written post uses one).
 */
export const useRefreshAfterReview = () => {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: QUERY_KEYS.drafts }),
      queryClient.invalidateQueries({ queryKey: QUERY_KEYS.usage }),
    ]);
};
