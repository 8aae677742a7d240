import { finalizePost } from './finalize-post.ts';
import type { PostBrief } from './post-brief.ts';
import type { PostWriter } from './post-writer.ts';
import { findNearDuplicate } from './text-similarity.ts';

export const OFFLINE_WRITER_MODEL = 'offline-writer';

const OPENERS = [
  'Quick thought on {topic}:',
  'On {topic} today:',
  '{Topic}, in one line:',
  'Worth saying about {topic}:',
  '{Topic} check:',
];

/** Said about any topic without claiming facts: used only when the agent gives the writer nothing to draw on. */
const GENERAL_INSIGHTS = [
  'the teams that win with {topic} measure before they scale.',
  'most {topic} news is noise; the signal is in what people actually ship.',
  '{topic} rewards patience more than hype.',
  'watch how {topic} shows up in real numbers, not in headlines.',
  'the best {topic} ideas look obvious in hindsight and odd today.',
];

const sentencesOf = (text: string) =>
  text
    .split(/(?<=[.!?])\s+|\n+/)
    .map((sentence) => sentence.trim())
    .filter((sentence) => sentence.length >= 20 && sentence.length <= 220);

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
const fill = (template: string, topic: string) =>
  template.replaceAll('{topic}', topic).replaceAll('{Topic}', capitalize(topic));
const hashtagFor = (topic: string) =>
  `#${topic
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .map(capitalize)
    .join('')}`;

/** How many compositions the offline writer tries from each pool of insights when told which posts to avoid. */
const AVOID_ATTEMPTS = 8;

/**
 * Composes on-topic posts without a language model, from what the agent was given: a line from its knowledge or
 * custom context about the topic (any line of them otherwise), the hashtags its sample posts use, or, with nothing
 * to draw on, a general remark on the topic. Output is always labelled offline; it is never passed off as a model's.
 */
export const createOfflinePostWriter = (random: () => number = Math.random): PostWriter => {
  const pick = <T>(items: readonly T[]): T | undefined => items[Math.floor(random() * items.length)];

  /**
   * What a post can say, best first: lines of the agent's material about the topic, then any line of it, then a
   * general remark on the topic. Only the first that has lines is used, unless earlier posts must be avoided.
   */
  const insightPools = (brief: PostBrief) => {
    const topicWords = brief.topic
      .toLowerCase()
      .split(/\s+/)
      .filter((word) => word.length > 2);
    const material = [
      ...brief.knowledge.flatMap((passage) => sentencesOf(passage.text)),
      ...sentencesOf(brief.customContext),
    ];
    const onTopic = material.filter((sentence) => topicWords.some((word) => sentence.toLowerCase().includes(word)));
    return [onTopic, material, GENERAL_INSIGHTS.map((insight) => fill(insight, brief.topic))].filter(
      (pool) => pool.length > 0,
    );
  };
  const insightFor = (brief: PostBrief) => pick(insightPools(brief)[0]!) as string;

  return {
    isOffline: true,
    writePost: async (brief) => {
      const sampleHashtags = brief.samplePosts.flatMap((post) => post.match(/#[\p{L}\p{N}_]+/gu) ?? []);
      const compose = (insights: string[]) => {
        const opener = fill(pick(OPENERS) as string, brief.topic);
        const insight = pick(insights) as string;
        const hashtag = pick(sampleHashtags) ?? hashtagFor(brief.topic);
        return finalizePost(`${opener} ${capitalize(insight.replace(/^[-•]\s*/, ''))} ${hashtag}`, brief.maxChars);
      };
      const pools = insightPools(brief);
      // Asked to avoid earlier posts: other compositions are tried, from wider material when the best runs dry,
      // before the last one is handed back (the caller's guard then decides).
      const avoid = (brief.avoid ?? []).map((text) => ({ text, at: new Date(0) }));
      let text = compose(pools[0]!);
      for (const pool of avoid.length > 0 ? pools : []) {
        for (let attempt = 0; attempt < AVOID_ATTEMPTS && findNearDuplicate(text, avoid); attempt++)
          text = compose(pool);
      }
      return { text, model: OFFLINE_WRITER_MODEL };
    },
    writeReply: async (brief, target) => {
      const text = `Thanks for the mention, @${target.authorUsername}. On ${brief.topic}: ${insightFor(brief).replace(/^[-•]\s*/, '')}`;
      return { text: finalizePost(text, brief.maxChars), model: OFFLINE_WRITER_MODEL };
    },
    writeMemeCaption: async (post, brief) => {
      const words = post.replace(/#\S+/g, '').split(/\s+/).filter(Boolean);
      return {
        top: `${brief.topic} today`,
        bottom: words
          .slice(-5)
          .join(' ')
          .replace(/[.!?,;:]+$/, ''),
      };
    },
  };
};
