import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { QUERY_KEYS } from '../../../api/query-keys.ts';
import { readAgain } from '../../../api/read-again.ts';
import { subscribeTerminalStream } from '../../../api/terminal-stream.ts';

/**
 * Reads the drafts again whenever the account's terminal stream reports a new or changed entry: a draft is a run
 * whose entry the stream reports when it is written, regenerated, approved or rejected, here or elsewhere. Every
 * (re)connection reads them too, so nothing that happened while the stream was down is missed.
 */
export const useDraftsStream = () => {
  const queryClient = useQueryClient();
  useEffect(() => {
    const refresh = () => void readAgain(queryClient, QUERY_KEYS.drafts);
    return subscribeTerminalStream({}, { ready: refresh, message: refresh, updated: refresh });
  }, [queryClient]);
};
