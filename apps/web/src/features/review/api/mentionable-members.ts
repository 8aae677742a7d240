import { useQuery } from '@tanstack/react-query';
import { workspacesRoutes } from '@agentcast/contracts/api/workspaces-routes';
import { callApi } from '../../../api/call-api.ts';

/** Members change seldom while a comment is written: they are read once a minute at most. */
const MEMBERS_FRESH_MS = 60_000;

/**
 * The members of the workspace the tab acts in, whom a comment can @mention; read once a comment box is first used
 * (`isWanted`), one answer shared by every draft.
 */
export const useMentionableMembers = (isWanted: boolean) =>
  useQuery({
    queryKey: ['mentionable-members'],
    queryFn: ({ signal }) => callApi(workspacesRoutes.members, { signal }),
    select: (answer) => answer.members,
    enabled: isWanted,
    staleTime: MEMBERS_FRESH_MS,
  });
