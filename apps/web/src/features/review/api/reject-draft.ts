import { useMutation } from '@tanstack/react-query';
import { draftsRoutes } from '@agentcast/contracts/api/drafts-routes';
import { callApi } from '../../../api/call-api.ts';
import { useRefreshAfterReview } from './refresh-after-review.ts';

/** Rejects a draft: it is never published; the reason, when given, is kept in the terminal. */
export const useRejectDraft = (draftId: string) => {
  const refresh = useRefreshAfterReview();
  return useMutation({
    mutationFn: (reason: string) =>
      callApi(draftsRoutes.reject, { params: { id: draftId }, json: { reason: reason.trim() || undefined } }),
    onSettled: refresh,
  });
};
