import {
  infiniteQueryOptions,
  useInfiniteQuery,
  useQueryClient,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query';
import { useEffect } from 'react';
import type { PostingPlatform } from '@agentcast/contracts/connections';
import type { TerminalMessage, TerminalPage, TerminalStatusFilter } from '@agentcast/contracts/terminal';
import { terminalRoutes } from '@agentcast/contracts/api/terminal-routes';
import { callApi } from '../../../api/call-api.ts';
import { readAgain } from '../../../api/read-again.ts';
import { subscribeTerminalStream } from '../../../api/terminal-stream.ts';

/** What the terminal shows: one agent ('' for all) and, optionally, a status, a platform and words to find. */
export type TerminalFilters = {
  agentId: string;
  status?: TerminalStatusFilter;
  platform?: PostingPlatform;
  q?: string;
};

const TERMINAL_KEY = ['terminal'] as const;

/** The terminal, newest first, a page at a time (older pages on demand), filtered by the server. */
export const terminalQueryOptions = ({ agentId, status, platform, q }: TerminalFilters) =>
  infiniteQueryOptions({
    queryKey: [...TERMINAL_KEY, { agentId, status, platform, q }],
    queryFn: ({ pageParam, signal }) =>
      callApi(terminalRoutes.page, {
        query: { agent_id: agentId || undefined, status, platform, q: q || undefined, before: pageParam || undefined },
        signal,
      }),
    initialPageParam: '',
    getNextPageParam: (page) => page.next_before ?? undefined,
  });

export const useTerminalMessages = (filters: TerminalFilters) => useInfiniteQuery(terminalQueryOptions(filters));

type Pages = InfiniteData<TerminalPage, string> | undefined;

/** Puts a pushed message at the top of the first page (once, however often it arrives). */
const prepend = (data: Pages, message: TerminalMessage) => {
  const [first, ...rest] = data?.pages ?? [];
  if (!data || !first) return data;
  const messages = [message, ...first.messages.filter((existing) => existing.message_id !== message.message_id)];
  return { ...data, pages: [{ ...first, messages }, ...rest] };
};

const isShown = (data: Pages, messageId: string) =>
  Boolean(data?.pages.some((page) => page.messages.some((existing) => existing.message_id === messageId)));

/** Replaces a shown message with its newer state (its deliveries moved on); leaves the pages alone otherwise. */
const replaceShown = (data: Pages, message: TerminalMessage): Pages =>
  data && isShown(data, message.message_id)
    ? {
        ...data,
        pages: data.pages.map((page) => ({
          ...page,
          messages: page.messages.map((existing) => (existing.message_id === message.message_id ? message : existing)),
        })),
      }
    : data;

/** Puts a changed message in every cached terminal view that shows it (after Delete from X, say). */
export const replaceEverywhere = (queryClient: QueryClient, message: TerminalMessage) =>
  queryClient.setQueriesData<Pages>({ queryKey: TERMINAL_KEY }, (data) => replaceShown(data, message));

/**
 * Applies a pushed message to the view shown. Without a status, platform or search, whether it belongs is known
 * here (its agent), so it is put in place; with one, only the server knows (a delivery may have just moved into
 * or out of the filter), so the view is read again — as it is while a read is under way (the stream's first
 * event starts one), whose older answer would otherwise replace the message.
 */
const applyPushed = (queryClient: QueryClient, filters: TerminalFilters, message: TerminalMessage) => {
  const { queryKey } = terminalQueryOptions(filters);
  if (filters.status || filters.platform || filters.q) return void readAgain(queryClient, queryKey);
  // A read in flight began before this message existed and would overwrite it when it lands: read again instead.
  if (queryClient.isFetching({ queryKey }) > 0) return void readAgain(queryClient, queryKey);
  if (filters.agentId && message.agent_id !== filters.agentId) return;
  queryClient.setQueryData<Pages>(queryKey, (data) =>
    isShown(data, message.message_id) ? replaceShown(data, message) : prepend(data, message),
  );
};

/**
 * Live updates over server-sent events, for all the account's agents (the view picks what it shows). The browser
 * reconnects by itself; every (re)connection refetches, so nothing published while the stream was down is missed.
 */
export const useTerminalStream = (filters: TerminalFilters) => {
  const queryClient = useQueryClient();
  const { agentId, status, platform, q } = filters;
  useEffect(() => {
    const current = { agentId, status, platform, q };
    const apply = (message: TerminalMessage) => applyPushed(queryClient, current, message);
    return subscribeTerminalStream(
      {},
      {
        ready: () => void readAgain(queryClient, TERMINAL_KEY),
        message: apply,
        updated: apply,
      },
    );
  }, [agentId, status, platform, q, queryClient]);
};
