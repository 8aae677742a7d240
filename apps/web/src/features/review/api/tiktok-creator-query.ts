import { useQuery } from '@tanstack/react-query';
import { connectionsRoutes } from '@agentcast/contracts/api/connections-routes';
import { callApi } from '../../../api/call-api.ts';
import { QUERY_KEYS } from '../../../api/query-keys.ts';

/** TikTok asks for its settings fresh before each post; a preview open this long reads them again. */
const TIKTOK_CREATOR_STALE_MS = 60_000;

/**
 * What the agent's next TikTok post goes out with (creator_info, read on the server): the account, who can watch,
 * the interaction settings, the longest video. Under the connections' key, so connecting or disconnecting reads it
 * again.
 */
export const useTikTokCreator = (agentId: string) =>
  useQuery({
    queryKey: [...QUERY_KEYS.connections, 'tiktok-creator', agentId],
    queryFn: ({ signal }) => callApi(connectionsRoutes.tiktokCreator, { query: { agent: agentId }, signal }),
    staleTime: TIKTOK_CREATOR_STALE_MS,
  });
