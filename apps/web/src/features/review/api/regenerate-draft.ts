import { useMutation } from '@tanstack/react-query';
import { draftsRoutes } from '@agentcast/contracts/api/drafts-routes';
import { callApi } from '../../../api/call-api.ts';
import { usePutDraft } from './change-draft.ts';
import { useRefreshAfterReview } from './refresh-after-review.ts';

/**
 * Asks the agent for a new version, then makes it the chosen one. The server adds the new version last among the
 * others and keeps the chosen one, so that nothing is lost; a person who presses Regenerate wants to see the new
 * text, and the text it replaces stays among the versions, to be chosen back.
 */
export const useRegenerateDraft = (draftId: string) => {
  const put = usePutDraft();
  const refresh = useRefreshAfterReview();
  return useMutation({
    mutationFn: async () => {
      const draft = await callApi(draftsRoutes.regenerate, { params: { id: draftId } });
      const newest = draft.versions.length - 1;
      if (newest < 0) return draft;
      return callApi(draftsRoutes.change, { params: { id: draftId }, json: { version: newest } });
    },
    onSuccess: put,
    onSettled: refresh,
  });
};
