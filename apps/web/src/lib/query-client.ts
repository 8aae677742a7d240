import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../api/api-error.ts';

/**
 * The one query cache of the signed-in part of the app. Route loaders use it directly (to prefetch and to
 * redirect before rendering); components reach it through QueryClientProvider.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      // A 4xx will not get better by asking again.
      retry: (failureCount, error) =>
        !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failureCount < 2,
    },
  },
});
