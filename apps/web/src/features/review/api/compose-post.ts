import { useMutation } from '@tanstack/react-query';
import { agentsRoutes } from '@agentcast/contracts/api/agents-routes';
import { callApi } from '../../../api/call-api.ts';
import { toComposedPostForm } from './composed-post-form.ts';
import { useRefreshAfterReview } from './refresh-after-review.ts';

export type ComposeInput = {
  agentId: string;
  text: string;
  publishAt?: Date;
  /** Where it goes; all the agent's platforms when absent (an agent that posts to the Terminal only). */
  platforms?: string[];
  /** A platform's own text, where it differs from `text`. */
  texts?: Record<string, string>;
  /** Saved for review instead of published. */
  draft?: boolean;
  files?: readonly File[];
};

const trimmedTexts = (texts: Record<string, string> | undefined) =>
  texts && Object.keys(texts).length > 0
    ? Object.fromEntries(Object.entries(texts).map(([platform, text]) => [platform, text.trim()]))
    : undefined;

/** Publishes a post a person wrote for an agent, now or at a time, or saves it as a draft for review. */
export const useComposePost = () => {
  const refresh = useRefreshAfterReview();
  return useMutation({
    mutationFn: ({ agentId, text, publishAt, platforms, texts, draft, files }: ComposeInput) =>
      callApi(agentsRoutes.compose, {
        params: { id: agentId },
        form: toComposedPostForm(
          {
            text: text.trim(),
            publish_at: publishAt?.toISOString(),
            platforms,
            texts: trimmedTexts(texts),
            draft: draft || undefined,
          },
          files,
        ),
      }),
    onSettled: refresh,
  });
};
