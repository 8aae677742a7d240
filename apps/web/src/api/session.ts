import { queryOptions, useQuery } from '@tanstack/react-query';
import { authRoutes } from '@agentcast/contracts/api/auth-routes';
import type { Session } from '@agentcast/contracts/auth';
import { queryClient } from '../lib/query-client.ts';
import { callApi } from './call-api.ts';

/** The signed-in user or null. Read on load, refreshed when the window regains focus. */
export const sessionQueryOptions = () =>
  queryOptions({
    queryKey: ['session'],
    queryFn: ({ signal }) => callApi(authRoutes.getSession, { signal }),
    refetchOnWindowFocus: true,
  });

export const useSession = () => useQuery(sessionQueryOptions());

/** For route loaders: the cached session, fetched once if nobody has yet. */
export const ensureSession = () => queryClient.ensureQueryData(sessionQueryOptions());

/** Every sign-in and sign-out replaces the cached user, so guards and headers update at once. */
export const setSession = (session: Session) => queryClient.setQueryData(sessionQueryOptions().queryKey, session);

export const refreshSession = () => queryClient.fetchQuery({ ...sessionQueryOptions(), staleTime: 0 });
