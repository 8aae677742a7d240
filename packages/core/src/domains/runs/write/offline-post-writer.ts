import { finalizePost } from './finalize-post.ts';
import { composeImageHeadline, composeMemeCaption, randomForPost } from './image-headline.ts';
import type { PostBrief } from './post-brief.ts';
import type { PostWriter } from './post-writer.ts';
import { attributionOf, NOTES_ATTRIBUTION, quotableSentences } from './quoted-facts.ts';
import { findNearDuplicate, normalizePost } from './text-similarity.ts';

export const OFFLINE_WRITER_MODEL = 'offline-writer';

/** How a post may begin; '' is a post that starts with its point. */
export const OFFLINE_OPENERS = [
  'Quick thought on {topic}:',
  'On {topic} today:',
  '{Topic}, in one line:',
  'Worth saying about {topic}:',
  'A note on {topic}:',
  'Something I keep coming back to on {topic}:',
  'Honest take on {topic}:',
  "Today's {topic} reminder:",
  'If you work on {topic}:',
  'One lesson from {topic}:',
  'My rule for {topic}:',
  'Plainly put, on {topic}:',
  '',
];

/** The post's point: said about any topic without claiming facts (the facts, if any, come quoted from knowledge). */
const TAKES = [
  'the teams that win with {topic} measure before they scale.',
  'most {topic} news is noise; the signal is in what people actually ship.',
  '{topic} rewards patience more than hype.',
  'watch how {topic} shows up in real numbers, not in headlines.',
  'the best {topic} ideas look obvious in hindsight and odd today.',
  'start small with {topic}, write down what changed, then decide.',
  'the boring parts of {topic} are where the results come from.',
  'ask what problem {topic} solves for your users before asking how.',
  'good {topic} work is mostly careful follow-through.',
  'if you cannot explain your {topic} plan in a sentence, it is not a plan yet.',
  'the question is not whether {topic} matters, but where it pays off first.',
  '{topic} gets easier once you decide what you will not do.',
];

/**
 * How a fact from the agent's material is brought in: a whole sentence, quoted with its own full stop, always saying
 * where it is from ("from Community Guide", "from your notes").
 */
const CITATIONS = [
  'From {source}: “{fact}”',
  'One line from {source}: “{fact}”',
  'Worth quoting, from {source}: “{fact}”',
  'A detail from {source}: “{fact}”',
];

/** How many compositions are tried to say something other than the posts to avoid. */
const AVOID_ATTEMPTS = 24;

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
const fill = (template: string, topic: string) =>
  template.replaceAll('{topic}', topic).replaceAll('{Topic}', capitalize(topic));
const hashtagFor = (topic: string) =>
  `#${topic
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .map(capitalize)
    .join('')}`;

/** The sentences the writer may quote: from the knowledge passages (titled) and the custom context (your notes). */
const materialOf = (brief: PostBrief) => [
  ...brief.knowledge.flatMap((passage) =>
    quotableSentences(passage.text, { startsMidSentence: true }).map((sentence) => ({
      sentence,
      source: attributionOf(passage.title),
    })),
  ),
  ...quotableSentences(brief.customContext, { startsMidSentence: false }).map((sentence) => ({
    sentence,
    source: NOTES_ATTRIBUTION,
  })),
];

/** The tone of the agent's sample posts and prompt, as far as a template writer can follow it. */
const toneOf = (brief: PostBrief) => {
  const samples = brief.samplePosts.filter((post) => post.trim());
  const persona = `${brief.systemPrompt} ${brief.description}`.toLowerCase();
  const share = (test: (post: string) => boolean) =>
    samples.length > 0 ? samples.filter(test).length / samples.length : 0;
  const emoji = samples.flatMap((post) => post.match(/\p{Extended_Pictographic}/gu) ?? []);
  return {
    // Most samples end excited, or the persona asks for energy.
    excited: share((post) => post.includes('!')) >= 0.5 || /\b(playful|energetic|fun)\b/.test(persona),
    lowercase: samples.length > 0 && samples.every((post) => post === post.toLowerCase()),
    emoji: emoji.length > 0 && !/\b(formal|no emoji)\b/.test(persona) ? emoji : [],
    hashtags: samples.flatMap((post) => post.match(/#[\p{L}\p{N}_]+/gu) ?? []),
  };
};

/**
 * Composes on-topic posts without a language model, from what the agent was given: an opening (varied), a take on
 * the chosen topic, at most one fact from its knowledge or custom context (a whole sentence, quoted and attributed
 * to the document's title or "your notes"), and the tone
 * and hashtags of its sample posts. Output is always labelled offline; it is never passed off as a model's.
 */
export const createOfflinePostWriter = (random: () => number = Math.random): PostWriter => {
  const pick = <T>(items: readonly T[]): T | undefined => items[Math.floor(random() * items.length)];

  /** Facts to quote: the material's sentences about the topic first, else any (none when there is no material). */
  const factsFor = (brief: PostBrief) => {
    const topicWords = brief.topic
      .toLowerCase()
      .split(/\s+/)
      .filter((word) => word.length > 2);
    const material = materialOf(brief);
    const onTopic = material.filter(({ sentence }) => topicWords.some((word) => sentence.toLowerCase().includes(word)));
    return onTopic.length > 0 ? onTopic : material;
  };

  const compose = (brief: PostBrief, { openers, takes }: { openers: string[]; takes: string[] }) => {
    const tone = toneOf(brief);
    const opener = fill(pick(openers) ?? '', brief.topic);
    const take = fill(pick(takes) ?? TAKES[0]!, brief.topic);
    const found = pick(factsFor(brief));
    // One fact in two posts when there is material: a post is the agent's take, the fact only backs it up.
    const fact =
      found && random() < 0.6
        ? pick(CITATIONS)!.replace('{source}', found.source).replace('{fact}', found.sentence)
        : '';
    const hashtag = pick(tone.hashtags) ?? hashtagFor(brief.topic);
    const emoji = pick(tone.emoji);
    let point = opener ? take : capitalize(take);
    if (tone.excited) point = point.replace(/\.$/, '!');
    // What does not fit is left out rather than cut: first the opening (the point then leads), then the fact.
    const text =
      [
        [opener, point, fact, emoji, hashtag],
        [capitalize(point), fact, emoji, hashtag],
        [opener, point, emoji, hashtag],
        [capitalize(point), emoji, hashtag],
      ]
        .map((parts) => parts.filter(Boolean).join(' '))
        .find((candidate) => candidate.length <= brief.maxChars) ?? [capitalize(point), hashtag].join(' ');
    return finalizePost(tone.lowercase ? text.toLowerCase() : text, brief.maxChars);
  };

  return {
    isOffline: true,
    writePost: async (brief) => {
      const avoid = (brief.avoid ?? []).map((text) => ({ text, at: new Date(0) }));
      // Asked to avoid earlier posts: the openings and takes they used least are preferred, and compositions are
      // tried until one is not a near-duplicate (the caller's guard decides about the last one).
      const usesOf = (template: string) => {
        const words = normalizePost(fill(template, brief.topic));
        return words ? avoid.filter(({ text }) => normalizePost(text).includes(words)).length : 0;
      };
      const leastUsed = (templates: string[]) => {
        const uses = templates.map(usesOf);
        const least = Math.min(...uses);
        return templates.filter((_, index) => uses[index] === least);
      };
      const pools = { openers: leastUsed(OFFLINE_OPENERS), takes: leastUsed(TAKES) };
      let text = compose(brief, pools);
      for (let attempt = 0; attempt < AVOID_ATTEMPTS && findNearDuplicate(text, avoid); attempt++)
        text = compose(brief, attempt < AVOID_ATTEMPTS / 2 ? pools : { openers: OFFLINE_OPENERS, takes: TAKES });
      return { text, model: OFFLINE_WRITER_MODEL };
    },
    writeReply: async (brief, target) => {
      const take = fill(pick(TAKES)!, brief.topic);
      const text = `Thanks for the mention, @${target.authorUsername}. On ${brief.topic}: ${take}`;
      return { text: finalizePost(text, brief.maxChars), model: OFFLINE_WRITER_MODEL };
    },
    // The image's words are about the topic, not the post's own (it is printed right above the image), and chosen by
    // the post: each post gets its own, a retry the same.
    writeMemeCaption: async (post, brief) => composeMemeCaption(brief.topic, randomForPost(post)),
    writeImageHeadline: async (post, brief) => composeImageHeadline(brief.topic, randomForPost(`headline:${post}`)),
  };
};
