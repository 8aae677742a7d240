import { finalizePost } from './finalize-post.ts';
import { composeImageHeadline, composeMemeCaption } from './image-headline.ts';
import type { PostBrief } from './post-brief.ts';
import type { PostWriter } from './post-writer.ts';
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

/** How a fact from the agent's knowledge is brought in: always quoted, always with where it is from. */
const CITATIONS = [
  'One data point: “{fact}” ({source}).',
  'From {source}: “{fact}.”',
  'Worth noting, per {source}: “{fact}.”',
  'Backed by {source}: “{fact}.”',
];

/** A quoted fact is at most this long: a detail that supports the post, never a passage pasted in. */
export const MAX_FACT_CHARS = 80;
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

const sentencesOf = (text: string) =>
  text
    .split(/(?<=[.!?])\s+|\n+/)
    .map((sentence) => sentence.replace(/^[-•*]\s*/, '').trim())
    .filter((sentence) => sentence.length >= 20);

/**
 * A sentence of the agent's material made into a short fact: whole when it is short, else its first clause, else its
 * first words with "…"; without the closing full stop (it is quoted).
 */
export const trimFact = (sentence: string, maxChars = MAX_FACT_CHARS) => {
  // "Launch notes: our product ships weekly" says its fact after the label.
  const plain = sentence
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^(?:[^\s:]+\s){0,3}[^\s:]+:\s+(?=\S.{19})/u, '')
    .replace(/^\p{Ll}/u, (first) => first.toUpperCase());
  if (plain.length <= maxChars) return plain.replace(/[.;:,]+$/, '');
  const clause = plain.split(/[;:—–]\s+|,\s+(?=(?:and|but|while|which|so|with)\b)/)[0]!.trim();
  if (clause.length >= 20 && clause.length <= maxChars) return clause.replace(/[.;:,]+$/, '');
  const words = plain.slice(0, maxChars - 1).replace(/\s+\S*$/, '');
  return `${words.replace(/[\s,.;:!?–—-]+$/u, '')}…`;
};

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
 * the chosen topic, at most one short fact from its knowledge or custom context, quoted and attributed, and the tone
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
    const material = [
      ...brief.knowledge.flatMap((passage) =>
        sentencesOf(passage.text).map((sentence) => ({ sentence, source: passage.source })),
      ),
      ...sentencesOf(brief.customContext).map((sentence) => ({ sentence, source: 'our notes' })),
    ];
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
        ? pick(CITATIONS)!
            .replace(/\{fact\}\.?/, (slot) => {
              const trimmed = trimFact(found.sentence);
              return slot.endsWith('.') && !trimmed.endsWith('…') ? `${trimmed}.` : trimmed;
            })
            .replace('{source}', found.source)
        : '';
    const hashtag = pick(tone.hashtags) ?? hashtagFor(brief.topic);
    const emoji = pick(tone.emoji);
    let point = opener ? take : capitalize(take);
    if (tone.excited) point = point.replace(/\.$/, '!');
    // What does not fit is left out rather than cut: first the fact, then the opening (the point then leads).
    const text =
      [
        [opener, point, fact, emoji, hashtag],
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
    // The image's words come from the topic, not the post: the post is printed right above the image.
    writeMemeCaption: async (_post, brief) => composeMemeCaption(brief.topic, random),
    writeImageHeadline: async (_post, brief) => composeImageHeadline(brief.topic, random),
  };
};
