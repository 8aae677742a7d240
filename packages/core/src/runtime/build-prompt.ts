import type { PostBrief } from './post-brief.ts';

const section = (title: string, lines: string[]) => (lines.length > 0 ? `${title}\n${lines.join('\n')}` : '');

/**
 * The system and user messages for one post. The agent's own prompt leads; everything else the agent knows follows
 * in labelled sections; the rules about length and form close it, since models weigh the end most.
 */
export const buildPrompt = (brief: PostBrief) => {
  const system = [
    brief.systemPrompt,
    brief.description && `About you: ${brief.description}`,
    section('Write in the voice and style of these example posts:', brief.samplePosts.map((post) => `- ${post}`)),
    section('When people ask, you answer like this:', brief.qaPairs.map(({ question, answer }) => `Q: ${question}\nA: ${answer}`)),
    brief.dataSources.length > 0 && `You follow these data sources: ${brief.dataSources.join(', ')}.`,
    brief.customContext.trim() && `Background you can rely on:\n${brief.customContext.trim()}`,
    section('Passages from your knowledge files (use them when they fit; never invent sources):', brief.knowledge.map((passage) => `[${passage.source}] ${passage.text}`)),
    [
      'Rules:',
      '- Write exactly one post, ready to publish: no preamble, no explanation, no quotation marks around it.',
      `- At most ${brief.maxChars} characters, hashtags and emoji included.`,
      '- Stay on the topic you are given; do not give financial advice or make promises.',
    ].join('\n'),
  ]
    .filter(Boolean)
    .join('\n\n');
  const user = `${brief.instruction}\nTopic: ${brief.topic}`;
  return { system, user };
};
