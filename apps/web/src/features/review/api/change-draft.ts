import { useMutation, useQueryClient } from '@tanstack/react-query';
import { draftsRoutes } from '@agentcast/contracts/api/drafts-routes';
import type { Draft, DraftChanges } from '@agentcast/contracts/drafts';
import { callApi } from '../../../api/call-api.ts';
import { QUERY_KEYS } from '../../../api/query-keys.ts';
import { useRefreshAfterReview } from './refresh-after-review.ts';

/** Puts the draft as the server answered it in the list at once, before the list is read again. */
export const usePutDraft = () => {
  const queryClient = useQueryClient();
  return (changed: Draft) =>
    queryClient.setQueryData<{ drafts: Draft[] }>(
      QUERY_KEYS.drafts,
      (data) => data && { drafts: data.drafts.map((draft) => (draft.id === changed.id ? changed : draft)) },
    );
};

/** Edits a draft's text, or uses another of its versions. */
export const useChangeDraft = (draftId: string) => {
  const put = usePutDraft();
  const refresh = useRefreshAfterReview();
  return useMutation({
    mutationFn: (changes: DraftChanges) => callApi(draftsRoutes.change, { params: { id: draftId }, json: changes }),
    onSuccess: put,
    onSettled: refresh,
  });
};
