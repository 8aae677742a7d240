import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-error.ts';

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

/**
 * How long an answer counts as fresh for the reads that are repeated whenever their screen is shown (the usage line,
 * the next posts): long enough that the page's early answer (main.tsx) is not asked for again as the board mounts.
 */
export const JUST_READ_MS = 5_000;
