import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { terminalRoutes } from '@agentcast/contracts/api/terminal-routes';
import { apiUrl } from '../../../api/call-api.ts';
import { QUERY_KEYS } from '../../../api/query-keys.ts';
import { readAgain } from '../../../api/read-again.ts';

/**
 * Reads the drafts again whenever the account's terminal stream reports a new or changed entry: a draft is a run
 * whose entry the stream reports when it is written, regenerated, approved or rejected, here or elsewhere. Every
 * (re)connection reads them too, so nothing that happened while the stream was down is missed.
 */
export const useDraftsStream = () => {
  const queryClient = useQueryClient();
  useEffect(() => {
    const source = new EventSource(apiUrl(terminalRoutes.stream, { query: {} }));
    const refresh = () => void readAgain(queryClient, QUERY_KEYS.drafts);
    for (const event of ['ready', 'message', 'updated']) source.addEventListener(event, refresh);
    return () => source.close();
  }, [queryClient]);
};
