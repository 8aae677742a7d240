import { queryOptions, useQuery } from '@tanstack/react-query';
import { draftsRoutes } from '@agentcast/contracts/api/drafts-routes';
import { callApi } from '../../../api/call-api.ts';
import { QUERY_KEYS } from '../../../api/query-keys.ts';

/** Drafts also change without this page (a scheduled run, another tab): read again at least this often. */
export const DRAFTS_REFRESH_MS = 30_000;

/** The drafts waiting for review, soonest planned first (the server's order). */
export const readDrafts = ({ signal }: { signal: AbortSignal }) => callApi(draftsRoutes.list, { signal });

export const draftsQueryOptions = () =>
  queryOptions({
    queryKey: QUERY_KEYS.drafts,
    queryFn: readDrafts,
    refetchInterval: DRAFTS_REFRESH_MS,
  });

export const useDrafts = () => useQuery(draftsQueryOptions());

/** Answers to people (reply drafts) wait in the Inbox; the Review tab holds the agents' posts. */
export const postDrafts = <Draft extends { trigger: string }>(drafts: readonly Draft[]) =>
  drafts.filter((draft) => draft.trigger !== 'reply');

const countDrafts = ({ drafts }: { drafts: { trigger: string }[] }) => postDrafts(drafts).length;

/** How many drafts wait, for the tab's badge; undefined until read. */
export const useWaitingDraftCount = () => useQuery({ ...draftsQueryOptions(), select: countDrafts }).data;
