import { useMutation, useQueryClient } from '@tanstack/react-query';
import { inboxRoutes } from '@agentcast/contracts/api/inbox-routes';
import { callApi } from '../../../api/call-api.ts';
import { QUERY_KEYS } from '../../../api/query-keys.ts';

/**
 * What a person does with a message in the Inbox. Each action reads the Inbox again (its pages and the tab's
 * number) and today's usage (a sent answer takes a reply, an ignored draft gives one back).
 */
export const useInboxActions = (itemId: string) => {
  const queryClient = useQueryClient();
  const onSettled = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: QUERY_KEYS.inbox }),
      queryClient.invalidateQueries({ queryKey: QUERY_KEYS.usage }),
    ]);
  const params = { id: itemId };
  return {
    send: useMutation({
      mutationFn: (text: string) => callApi(inboxRoutes.send, { params, json: { text } }),
      onSettled,
    }),
    regenerate: useMutation({ mutationFn: () => callApi(inboxRoutes.regenerate, { params }), onSettled }),
    ignore: useMutation({ mutationFn: () => callApi(inboxRoutes.ignore, { params }), onSettled }),
    block: useMutation({ mutationFn: () => callApi(inboxRoutes.blockAuthor, { params }), onSettled }),
  };
};
