import { useMutation, useQueryClient } from '@tanstack/react-query';
import { terminalRoutes } from '@agentcast/contracts/api/terminal-routes';
import { callApi } from '../../../api/call-api.ts';
import { replaceEverywhere } from './terminal-query.ts';

/**
 * Deletes a published post from its platform; the entry stays, its delivery shown as removed (the answer is put
 * in place at once; the stream's update says the same a moment later).
 */
export const useRemovePost = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ messageId, platform }: { messageId: string; platform: string }) =>
      callApi(terminalRoutes.removePost, { params: { message_id: messageId, platform } }),
    onSuccess: (message) => replaceEverywhere(queryClient, message),
  });
};
