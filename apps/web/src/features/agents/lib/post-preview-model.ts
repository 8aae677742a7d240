/** Said beside a post the form made up itself, so nobody takes it for the model's writing. */
export const EXAMPLE_POST_LABEL = 'Example, not written by the model';
export const SAMPLE_POST_LABEL = 'From your sample posts';
/** Beside the server's preview: what the built-in writer posts for these settings when no model is connected. */
export const OFFLINE_POST_LABEL = 'What the offline writer would post for these settings (no model connected)';

/** The spec's fallbacks for an agent without a name or a description (AgentBoard rows). */
const NAME_FALLBACK = 'Unnamed Agent';
const DESCRIPTION_FALLBACK = 'No description available';

export type PostPreview = {
  name: string;
  description: string;
  topics: string[];
  /**
   * The post shown: the offline writer's for these settings (the server's answer), else — while it is on its way, or
   * unavailable — a sample post as typed, a sentence made from topic and description, or none yet.
   */
  post: { kind: 'offline' | 'sample' | 'example'; text: string; label: string } | { kind: 'none' };
};

type PreviewFields = {
  name?: string;
  description?: string;
  topics?: readonly string[];
  samplePosts?: readonly string[];
  /** The offline writer's post for these settings, once the server answered. */
  offlinePost?: string;
};

const asSentence = (text: string) => {
  const trimmed = text.trim().replace(/[.!?…]+$/, '');
  return trimmed ? `${trimmed}.` : '';
};
const lowerFirst = (text: string) => (/^[A-Z][a-z]/.test(text) ? text[0]!.toLowerCase() + text.slice(1) : text);
const hashtag = (topic: string) => {
  const tag = topic.replace(/[^\p{L}\p{N}]+/gu, '');
  return tag ? `#${tag}` : '';
};

/**
 * A stand-in post from what the form says about the agent: the first topic and the description. Plain on purpose;
 * it shows where each field ends up, not what the model will write.
 */
export const examplePost = (topic: string | undefined, description: string) => {
  const about = asSentence(description);
  if (!topic) return about;
  const opening = about ? `Quick take on ${topic}: ${lowerFirst(about)}` : `Quick take on ${topic}.`;
  return [opening, hashtag(topic)].filter(Boolean).join(' ');
};

/** What a post from this agent would look like, built from the form's current values. */
export const buildPostPreview = ({
  name = '',
  description = '',
  topics = [],
  samplePosts = [],
  offlinePost,
}: PreviewFields) => {
  const cleanTopics = topics.map((topic) => topic.trim()).filter(Boolean);
  const sample = samplePosts.map((post) => post.trim()).find(Boolean);
  const example = examplePost(cleanTopics[0], description);
  const post: PostPreview['post'] = offlinePost
    ? { kind: 'offline', text: offlinePost, label: OFFLINE_POST_LABEL }
    : sample
      ? { kind: 'sample', text: sample, label: SAMPLE_POST_LABEL }
      : example
        ? { kind: 'example', text: example, label: EXAMPLE_POST_LABEL }
        : { kind: 'none' };
  return {
    name: name.trim() || NAME_FALLBACK,
    description: description.trim() || DESCRIPTION_FALLBACK,
    topics: cleanTopics,
    post,
  } satisfies PostPreview;
};
