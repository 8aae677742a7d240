import { keepPreviousData, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { inboxRoutes } from '@agentcast/contracts/api/inbox-routes';
import type { InboxState } from '@agentcast/contracts/inbox-constants';
import { callApi } from '../../../api/call-api.ts';
import { QUERY_KEYS } from '../../../api/query-keys.ts';

/** Messages also arrive without this page (an agent's next look): read again at least this often. */
export const INBOX_REFRESH_MS = 15_000;

export type InboxFilters = { agentId?: string; platform?: string; state?: InboxState };

/** The Inbox under these filters, a page at a time ("Show older" reads the next). */
export const useInbox = (filters: InboxFilters) =>
  useInfiniteQuery({
    queryKey: [...QUERY_KEYS.inbox, 'pages', filters],
    queryFn: ({ signal, pageParam }) =>
      callApi(inboxRoutes.list, {
        signal,
        query: {
          agent_id: filters.agentId,
          platform: filters.platform as never,
          state: filters.state,
          before: pageParam,
        },
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.next_before ?? undefined,
    refetchInterval: INBOX_REFRESH_MS,
    // A filter changed: the last list stays until the new one arrives, instead of a blank.
    placeholderData: keepPreviousData,
  });

/** The Inbox's first page unfiltered: its counts, for the tab's number (asked with the dashboard, main.tsx). */
export const readInboxSummary = ({ signal }: { signal: AbortSignal }) => callApi(inboxRoutes.list, { signal });

export const inboxSummaryQueryOptions = () =>
  queryOptions({
    queryKey: [...QUERY_KEYS.inbox, 'summary'],
    queryFn: readInboxSummary,
    refetchInterval: INBOX_REFRESH_MS * 2,
  });

/** The conversations waiting for someone (new, or an answer awaiting approval), for the tab's number. */
export const useWaitingConversationCount = () =>
  useQuery({ ...inboxSummaryQueryOptions(), select: (page) => page.waiting_conversations }).data;
