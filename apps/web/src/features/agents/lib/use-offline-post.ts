import { useFormContext, useWatch } from 'react-hook-form';
import type { AgentFieldsInput } from '@agentcast/contracts/agents';
import { useOfflinePreview } from '../api/offline-preview-query.ts';

/** The custom context a preview sends at most: the writer quotes a sentence or two, and the request stays small. */
const PREVIEW_CONTEXT_CHARS = 4000;

/**
 * What the offline writer would post for the agent form's current settings (issue 41 §2), once the server has
 * answered; undefined until then, when it cannot, and while the form has no topic (the writer would then write about
 * the trigger message's "AI", which says nothing about this agent).
 */
export const useOfflinePost = (): string | undefined => {
  const { control } = useFormContext<AgentFieldsInput>();
  const [name, description, prompt, topics, clients, samplePosts, customContext, xThreads] = useWatch({
    control,
    name: [
      'name',
      'description',
      'prompt',
      'post_configuration.topics',
      'post_configuration.clients',
      'sample_posts',
      'custom_context',
      'x_threads',
    ],
  });
  const hasTopic = (topics ?? []).some((topic) => topic.trim());
  const { data } = useOfflinePreview(
    {
      name,
      description,
      prompt,
      post_configuration: { topics, clients },
      sample_posts: samplePosts,
      custom_context: customContext?.slice(0, PREVIEW_CONTEXT_CHARS),
      x_threads: xThreads,
    },
    hasTopic,
  );
  return hasTopic ? data?.text : undefined;
};
