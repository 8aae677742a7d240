import type { QueryClient } from '@tanstack/react-query';
import { networkError, toApiError } from '../api/api-error.ts';
import { sessionQueryOptions } from '../api/session.ts';
import { walletStatusQueryOptions } from '../features/wallet/api/wallet-status-query.ts';
import { authRoutes } from '@agentcast/contracts/api/auth-routes';
import { walletRoutes } from '@agentcast/contracts/api/wallet-routes';
import { callApi } from '../api/call-api.ts';
import { takeEarlyRequest, type EarlyAnswer, type EarlyRequest } from './early-requests.ts';

/** What callApi makes of an answer: its body, or an ApiError carrying the server's message. */
const asQueryResult = (answer: Promise<EarlyAnswer>) =>
  answer.then(
    ({ ok, status, data }) => {
      if (!ok) throw toApiError(status, data);
      return data;
    },
    () => {
      throw networkError('Cannot reach the server. Check your connection and try again.');
    },
  );

/**
 * Hands the session and wallet-state answers main.tsx requested early to their queries, so the guards render from
 * them instead of asking again. Called while the session layout first renders: an answer that has arrived goes into
 * the cache at once (the guard below renders from it without a loading screen); one still on its way becomes the
 * query's first fetch. A retry asks the server. A failed wallet-state read is
 * dropped once nobody shows it: a signed-out visitor's 401 must not be what the gate finds after they sign in.
 */
const adopt = <Data>(
  queryClient: QueryClient,
  options: { queryKey: readonly unknown[]; queryFn: () => Promise<Data> },
  request: EarlyRequest,
) => {
  const state = takeEarlyRequest(request);
  if (!state) return;
  if (state.settled?.ok) {
    queryClient.setQueryData(options.queryKey, state.settled.data);
    return;
  }
  let early: Promise<EarlyAnswer> | undefined = state.answer;
  const adopted = queryClient.prefetchQuery({
    queryKey: options.queryKey,
    queryFn: () => {
      if (!early) return options.queryFn();
      const first = early;
      early = undefined;
      return asQueryResult(first) as Promise<Data>;
    },
  });
  if (request !== 'walletState') return;
  void adopted.then(() => {
    const query = queryClient.getQueryCache().find({ queryKey: options.queryKey, exact: true });
    if (query?.state.status === 'error' && query.getObserversCount() === 0) {
      queryClient.removeQueries({ queryKey: options.queryKey, exact: true });
    }
  });
};

export const adoptEarlyAnswers = (queryClient: QueryClient) => {
  adopt(
    queryClient,
    { queryKey: sessionQueryOptions().queryKey, queryFn: () => callApi(authRoutes.getSession) },
    'session',
  );
  adopt(
    queryClient,
    { queryKey: walletStatusQueryOptions().queryKey, queryFn: () => callApi(walletRoutes.status) },
    'walletState',
  );
};
