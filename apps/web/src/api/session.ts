import { queryOptions, useQuery } from '@tanstack/react-query';
import { authRoutes } from '@agentcast/contracts/api/auth-routes';
import type { Session } from '@agentcast/contracts/auth';
import { discardEarlyRequests } from './early-requests.ts';
import { queryClient } from './query-client.ts';
import { callApi } from './call-api.ts';

export const readSession = ({ signal }: { signal: AbortSignal }) => callApi(authRoutes.getSession, { signal });

/** The signed-in user or null. Read on load, refreshed when the window regains focus. */
export const sessionQueryOptions = () =>
  queryOptions({
    queryKey: ['session'],
    queryFn: readSession,
    refetchOnWindowFocus: true,
  });

export const useSession = () => useQuery(sessionQueryOptions());

/** For route loaders: the cached session, fetched once if nobody has yet. */
export const ensureSession = () => queryClient.ensureQueryData(sessionQueryOptions());

/**
 * Every sign-in and sign-out replaces the cached user, so guards and headers update at once; answers the page asked
 * for early under the previous session are no longer anyone's to show.
 */
export const setSession = (session: Session) => {
  discardEarlyRequests();
  queryClient.setQueryData(sessionQueryOptions().queryKey, session);
};

export const refreshSession = () => queryClient.fetchQuery({ ...sessionQueryOptions(), staleTime: 0 });
