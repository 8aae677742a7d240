import type { InfiniteData, QueryClient, QueryKey } from '@tanstack/react-query';
import { networkError, toApiError } from '../../api/api-error.ts';
import { readSession, sessionQueryOptions } from '../../api/session.ts';
import { readWalletStatus, walletStatusQueryOptions } from '../../features/wallet/api/wallet-status-query.ts';
import {
  takeEarlyRequest,
  type EarlyAnswer,
  type EarlyRequest,
  type EarlyRequestState,
} from '../../api/early-requests.ts';

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
 * The query function whose first call takes the early answer; later calls (a retry, a refresh) ask the server.
 * `askAgainOnFailure`: a failed early answer is not the query's result but a reason to ask once more (a page's own
 * reads, sent before anyone knew whether the page would show).
 */
const firstFromEarly = <Data, Context extends { signal: AbortSignal }>(
  state: EarlyRequestState,
  queryFn: (context: Context) => Promise<Data>,
  askAgainOnFailure: boolean,
) => {
  let early: Promise<EarlyAnswer> | undefined = state.answer;
  return (context: Context) => {
    if (!early) return queryFn(context);
    const first = asQueryResult(early) as Promise<Data>;
    early = undefined;
    return askAgainOnFailure ? first.catch(() => queryFn(context)) : first;
  };
};

type Adoption<Data, Context extends { signal: AbortSignal }> = {
  request: EarlyRequest;
  queryKey: QueryKey;
  queryFn: (context: Context) => Promise<Data>;
  /** The page's own reads ask again when the early answer failed; the session and the wallet state keep it. */
  askAgainOnFailure?: boolean;
};

/**
 * Hands an answer main.tsx requested early to its query, so the page renders from it instead of asking again.
 * Called while the layout or page first renders: an answer that has arrived goes into the cache at once (the page
 * renders from it without a loading state); one still on its way becomes the query's first fetch. Returns the
 * query's first fetch, or undefined when there was no early answer to adopt.
 */
export const adoptEarlyAnswer = <Data>(
  queryClient: QueryClient,
  { request, queryKey, queryFn, askAgainOnFailure = false }: Adoption<Data, { signal: AbortSignal }>,
) => {
  const state = takeEarlyRequest(request);
  if (!state) return undefined;
  if (state.settled?.ok) {
    queryClient.setQueryData(queryKey, state.settled.data);
    return Promise.resolve();
  }
  return queryClient.prefetchQuery({ queryKey, queryFn: firstFromEarly(state, queryFn, askAgainOnFailure) });
};

/** adoptEarlyAnswer for the first page of an infinite query (a list read page by page). */
export const adoptEarlyFirstPage = <Page>(
  queryClient: QueryClient,
  {
    request,
    queryKey,
    queryFn,
    getNextPageParam,
  }: Adoption<Page, { signal: AbortSignal; pageParam: string | undefined }> & {
    getNextPageParam: (page: Page) => string | undefined;
  },
) => {
  const state = takeEarlyRequest(request);
  if (!state) return;
  if (state.settled?.ok) {
    const data: InfiniteData<Page, string | undefined> = {
      pages: [state.settled.data as Page],
      pageParams: [undefined],
    };
    queryClient.setQueryData(queryKey, data);
    return;
  }
  void queryClient.prefetchInfiniteQuery<Page, Error, Page, QueryKey, string | undefined>({
    queryKey,
    queryFn: firstFromEarly(state, queryFn, true),
    initialPageParam: undefined as string | undefined,
    getNextPageParam,
  });
};

/**
 * The session layout's answers: the session, and on gated pages the wallet state. A failed wallet-state read is
 * dropped once nobody shows it: a signed-out visitor's 401 must not be what the gate finds after they sign in.
 */
export const adoptSessionAnswers = (queryClient: QueryClient) => {
  void adoptEarlyAnswer(queryClient, {
    request: 'session',
    queryKey: sessionQueryOptions().queryKey,
    queryFn: readSession,
  });
  const walletKey = walletStatusQueryOptions().queryKey;
  void adoptEarlyAnswer(queryClient, { request: 'walletState', queryKey: walletKey, queryFn: readWalletStatus })?.then(
    () => {
      const query = queryClient.getQueryCache().find({ queryKey: walletKey, exact: true });
      if (query?.state.status === 'error' && query.getObserversCount() === 0) {
        queryClient.removeQueries({ queryKey: walletKey, exact: true });
      }
    },
  );
};
