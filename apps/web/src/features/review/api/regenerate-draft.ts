import { useMutation } from '@tanstack/react-query';
import { draftsRoutes } from '@agentcast/contracts/api/drafts-routes';
import { callApi } from '../../../api/call-api.ts';
import { usePutDraft } from './change-draft.ts';
import { useRefreshAfterReview } from './refresh-after-review.ts';

/**
 * Asks the agent for a new version from the same brief. As the issue has it, the text in place stays until the
 * person chooses the new one: the new version is listed among the others, newest last, with "Use this version".
 */
export const useRegenerateDraft = (draftId: string) => {
  const put = usePutDraft();
  const refresh = useRefreshAfterReview();
  return useMutation({
    mutationFn: () => callApi(draftsRoutes.regenerate, { params: { id: draftId } }),
    onSuccess: put,
    onSettled: refresh,
  });
};
