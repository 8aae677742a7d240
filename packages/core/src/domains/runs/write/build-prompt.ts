import { isDefaultTriggerMessage, X_MAX_CHARS, type PostBrief } from './post-brief.ts';

/** The model is shown this many earlier posts to avoid: the closest first, then the latest (tokens cost money). */
const AVOID_IN_PROMPT = 5;

const section = (title: string, lines: string[]) => (lines.length > 0 ? `${title}\n${lines.join('\n')}` : '');

/**
 * The system and user messages for one post. The agent's own prompt leads; everything else the agent knows follows
 * in labelled sections; the rules about length and form close it, since models weigh the end most.
 */
export const buildPrompt = (brief: PostBrief) => {
  const system = [
    brief.systemPrompt,
    brief.description && `About you: ${brief.description}`,
    section(
      'Write in the voice and style of these example posts:',
      brief.samplePosts.map((post) => `- ${post}`),
    ),
    section(
      'When people ask, you answer like this:',
      brief.qaPairs.map(({ question, answer }) => `Q: ${question}\nA: ${answer}`),
    ),
    brief.topics.length > 0 && `Your topics: ${brief.topics.join(', ')}.`,
    brief.dataSources.length > 0 && `You follow these data sources: ${brief.dataSources.join(', ')}.`,
    brief.customContext.trim() && `Background you can rely on:\n${brief.customContext.trim()}`,
    section(
      'Passages from your knowledge files (use them when they fit; never invent sources):',
      brief.knowledge.map((passage) => `[${passage.source}] ${passage.text}`),
    ),
    section(
      'You already posted these; write something clearly different, not a rewording of them:',
      (brief.avoid ?? []).slice(0, AVOID_IN_PROMPT).map((post) => `- ${post}`),
    ),
    [
      'Rules:',
      '- Write exactly one post, ready to publish: no preamble, no explanation, no quotation marks around it.',
      `- At most ${brief.maxChars} characters, hashtags and emoji included.`,
      brief.xThread &&
        `- Past one post's limit (${X_MAX_CHARS} characters on X) it is published as a thread, split between sentences: keep sentences short and let each stand on its own.`,
      '- Stay on the topic you are given; do not give financial advice or make promises.',
    ]
      .filter(Boolean)
      .join('\n'),
  ]
    .filter(Boolean)
    .join('\n\n');
  // The instruction may name a subject: the post's own topic is said apart from it, and the agent's topics above stay
  // in view either way. The spec's fixed trigger message ("Write a tweet about AI") is every trigger's, so an agent
  // with topics is not told to write about AI: its topic alone decides (issue 41 §2).
  const instruction =
    brief.topics.length > 0 && isDefaultTriggerMessage(brief.instruction) ? 'Write your next post.' : brief.instruction;
  const user = `${instruction}\nThe topic of this post: ${brief.topic}`;
  return { system, user };
};
