import { useMutation, useQueryClient } from '@tanstack/react-query';
import { draftsRoutes } from '@agentcast/contracts/api/drafts-routes';
import type { Draft, DraftComment } from '@agentcast/contracts/drafts';
import { callApi } from '../../../api/call-api.ts';
import { QUERY_KEYS } from '../../../api/query-keys.ts';

type DraftList = { drafts: Draft[]; expired: Draft[] };

/** Comments on a draft; the comment shows under it at once, and the drafts are read again after. */
export const useCommentOnDraft = (draftId: string) => {
  const queryClient = useQueryClient();
  const addComment = (comment: DraftComment) =>
    queryClient.setQueryData<DraftList>(
      QUERY_KEYS.drafts,
      (data) =>
        data && {
          ...data,
          drafts: data.drafts.map((draft) =>
            draft.id === draftId ? { ...draft, comments: [...draft.comments, comment] } : draft,
          ),
        },
    );
  return useMutation({
    mutationFn: (body: string) => callApi(draftsRoutes.comment, { params: { id: draftId }, json: { body } }),
    onSuccess: addComment,
    onSettled: () => queryClient.invalidateQueries({ queryKey: QUERY_KEYS.drafts }),
  });
};
