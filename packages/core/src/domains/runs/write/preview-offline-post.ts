import type { AgentPreview, AgentPreviewSettings } from '@agentcast/contracts/agent-preview';
import { AGENT_DEFAULTS } from '@agentcast/contracts/agents';
import { DEFAULT_TRIGGER_MESSAGE } from '@agentcast/contracts/terminal';
import { hashText, seededRandom } from '../../../kernel/hash-text.ts';
import { createOfflinePostWriter, OFFLINE_WRITER_MODEL } from './offline-post-writer.ts';
import { buildPostBrief } from './post-brief.ts';

/** Beyond this the custom context is not read for a preview: a run would search a long one, not quote all of it. */
const PREVIEW_CONTEXT_CHARS = 4000;

/**
 * The post the offline writer would write for the agent form's unsaved settings (issue 41 §2: the live preview shows
 * what the writer would actually write), for the spec's trigger message. No model, no database: the writer's choices
 * are seeded by the settings, so the same settings give the same post and a preview does not change while nothing
 * that matters to it does. Knowledge files are not read: the form's are not indexed until saved.
 */
export const previewOfflinePost = async (settings: AgentPreviewSettings): Promise<AgentPreview> => {
  const random = seededRandom(hashText(JSON.stringify(settings)));
  const brief = buildPostBrief(
    {
      name: settings.name,
      prompt: settings.prompt,
      description: settings.description,
      samplePosts: settings.sample_posts ?? [],
      sampleQuestions: settings.sample_questions ?? [],
      dataSources: settings.data_sources ?? [],
      customContext: (settings.custom_context ?? '').slice(0, PREVIEW_CONTEXT_CHARS),
      model: OFFLINE_WRITER_MODEL,
      xThreads: settings.x_threads ?? false,
      postConfiguration: {
        topics: settings.post_configuration.topics ?? [],
        clients: settings.post_configuration.clients ?? [...AGENT_DEFAULTS.clients],
      },
    },
    { instruction: DEFAULT_TRIGGER_MESSAGE, random },
  );
  const { text } = await createOfflinePostWriter(random).writePost(brief);
  return { text, topic: brief.topic, model: OFFLINE_WRITER_MODEL };
};
