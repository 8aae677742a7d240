import { useMutation } from '@tanstack/react-query';
import { draftsRoutes } from '@agentcast/contracts/api/drafts-routes';
import { callApi } from '../../../api/call-api.ts';
import { useRefreshAfterReview } from './refresh-after-review.ts';

/** Approves drafts: each goes out at its planned time, or at once when `now` or when that time has passed. */
export const useApproveDrafts = () => {
  const refresh = useRefreshAfterReview();
  return useMutation({
    mutationFn: ({ ids, now }: { ids: string[]; now: boolean }) =>
      callApi(draftsRoutes.approve, { json: { ids, now } }),
    onSettled: refresh,
  });
};
