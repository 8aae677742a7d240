import { useMutation } from '@tanstack/react-query';
import { agentsRoutes } from '@agentcast/contracts/api/agents-routes';
import { callApi } from '../../../api/call-api.ts';
import { toComposedPostForm } from './composed-post-form.ts';
import { useRefreshAfterReview } from './refresh-after-review.ts';

type ComposeInput = { agentId: string; text: string; publishAt?: Date; image?: File | null };

/** Publishes a post a person wrote for an agent, now or at a time, through the agent's own deliveries. */
export const useComposePost = () => {
  const refresh = useRefreshAfterReview();
  return useMutation({
    mutationFn: ({ agentId, text, publishAt, image }: ComposeInput) =>
      callApi(agentsRoutes.compose, {
        params: { id: agentId },
        form: toComposedPostForm({ text: text.trim(), publish_at: publishAt?.toISOString() }, image),
      }),
    onSettled: refresh,
  });
};
