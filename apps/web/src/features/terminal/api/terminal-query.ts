import { infiniteQueryOptions, useInfiniteQuery, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { TerminalMessage, TerminalPage } from '@agentcast/contracts/terminal';
import { terminalRoutes } from '@agentcast/contracts/api/terminal-routes';
import { apiUrl, callApi } from '../../../api/call-api.ts';

/** An agent's terminal, newest first, a page at a time (older pages on demand). */
export const terminalQueryOptions = (agentId: string) =>
  infiniteQueryOptions({
    queryKey: ['terminal', agentId],
    queryFn: ({ pageParam, signal }) =>
      callApi(terminalRoutes.page, { query: { agent_id: agentId, before: pageParam || undefined }, signal }),
    initialPageParam: '',
    getNextPageParam: (page) => page.next_before ?? undefined,
  });

export const useTerminalMessages = (agentId: string) =>
  useInfiniteQuery({ ...terminalQueryOptions(agentId), enabled: agentId !== '' });

/** Puts a pushed message at the top of the first page (once, however often it arrives). */
const prepend = <PageParam>(data: InfiniteData<TerminalPage, PageParam> | undefined, message: TerminalMessage) => {
  const [first, ...rest] = data?.pages ?? [];
  if (!data || !first) return data;
  const messages = [message, ...first.messages.filter((existing) => existing.message_id !== message.message_id)];
  return { ...data, pages: [{ ...first, messages }, ...rest] };
};

/** Replaces a shown message with its newer state (its deliveries moved on); adds it if it is not shown yet. */
export const replace = <PageParam>(
  data: InfiniteData<TerminalPage, PageParam> | undefined,
  message: TerminalMessage,
) => {
  const isShown = data?.pages.some((page) =>
    page.messages.some((existing) => existing.message_id === message.message_id),
  );
  if (!data || !isShown) return prepend(data, message);
  return {
    ...data,
    pages: data.pages.map((page) => ({
      ...page,
      messages: page.messages.map((existing) => (existing.message_id === message.message_id ? message : existing)),
    })),
  };
};

/**
 * Live updates over server-sent events. The browser reconnects by itself; every (re)connection refetches, so
 * nothing published while the stream was down is missed.
 */
export const useTerminalStream = (agentId: string) => {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!agentId) return;
    const { queryKey } = terminalQueryOptions(agentId);
    const source = new EventSource(apiUrl(terminalRoutes.stream, { query: { agent_id: agentId } }));
    source.addEventListener('ready', () => void queryClient.invalidateQueries({ queryKey }));
    source.addEventListener('message', (event: MessageEvent<string>) => {
      queryClient.setQueryData(queryKey, (data) => prepend(data, JSON.parse(event.data) as TerminalMessage));
    });
    source.addEventListener('updated', (event: MessageEvent<string>) => {
      queryClient.setQueryData(queryKey, (data) => replace(data, JSON.parse(event.data) as TerminalMessage));
    });
    return () => source.close();
  }, [agentId, queryClient]);
};
