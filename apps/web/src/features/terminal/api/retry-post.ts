import { useMutation, useQueryClient } from '@tanstack/react-query';
import { terminalRoutes } from '@agentcast/contracts/api/terminal-routes';
import type { PostingPlatform } from '@agentcast/contracts/connections';
import { callApi } from '../../../api/call-api.ts';
import { replaceEverywhere } from './terminal-query.ts';

/**
 * Sends a post that failed to reach a platform again; the answer (the delivery going out again) is put in place at
 * once, and the stream's updates bring its outcome.
 */
export const useRetryPost = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ messageId, platform }: { messageId: string; platform: PostingPlatform }) =>
      callApi(terminalRoutes.retryPost, { params: { message_id: messageId, platform } }),
    onSuccess: (message) => replaceEverywhere(queryClient, message),
  });
};
