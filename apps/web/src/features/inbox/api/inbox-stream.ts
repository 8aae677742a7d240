import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { QUERY_KEYS } from '../../../api/query-keys.ts';
import { readAgain } from '../../../api/read-again.ts';
import { subscribeTerminalStream } from '../../../api/terminal-stream.ts';

/**
 * Reads the Inbox again whenever the account's terminal stream reports a new or changed entry: an answer is a run
 * whose entry the stream reports when it is written, sent or refused, and a message held back by a guard adds a
 * note. Every (re)connection reads it too.
 */
export const useInboxStream = () => {
  const queryClient = useQueryClient();
  useEffect(() => {
    const refresh = () => void readAgain(queryClient, QUERY_KEYS.inbox);
    return subscribeTerminalStream({}, { ready: refresh, message: refresh, updated: refresh });
  }, [queryClient]);
};
