import { useMutation } from '@tanstack/react-query';
import { draftsRoutes } from '@agentcast/contracts/api/drafts-routes';
import { callApi } from '../../../api/call-api.ts';
import { useRefreshAfterReview } from './refresh-after-review.ts';

/** Plans an expired draft again at this moment: it waits for review once more. */
export const useRescheduleDraft = (draftId: string) => {
  const refresh = useRefreshAfterReview();
  return useMutation({
    mutationFn: (at: Date) =>
      callApi(draftsRoutes.reschedule, { params: { id: draftId }, json: { publish_at: at.toISOString() } }),
    onSettled: refresh,
  });
};
