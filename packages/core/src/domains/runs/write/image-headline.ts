import { hashText, seededRandom } from '../../../kernel/hash-text.ts';
import { normalizePost } from './text-similarity.ts';

/** Headlines of the offline writer: about the topic, claiming no facts, never the post's own words. */
const HEADLINES = [
  '{Topic}: what actually works',
  '{Topic}, minus the hype',
  'The {topic} playbook, in brief',
  'What {topic} teaches us',
  '{Topic}: signal over noise',
  'Where {topic} pays off first',
  'Measure first: {topic} edition',
  'Small steps in {topic}',
  'The quiet side of {topic}',
  '{Topic}: start with the basics',
  'Three questions about {topic}',
  '{Topic} without the noise',
];

/** Two-line memes of the offline writer: a set-up and a turn, each about the topic. */
const MEME_CAPTIONS: [string, string][] = [
  ['Me reading {topic} headlines', 'Then checking the actual numbers'],
  ['When {topic} finally clicks', 'And the dashboard agrees'],
  ['Everyone: {topic} is magic', 'The eval set: let me check'],
  ['{Topic} hype on Monday', 'Shipped {topic} on Friday'],
  ['Nobody: absolutely nobody', 'Me: one more {topic} thread'],
  ['Started {topic} with a plan', 'Kept the plan, cut the hype'],
  ['Me explaining {topic} at dinner', 'Everyone else: pass the salt'],
  ['{Topic} thread: 1/27', 'Me: saving it for later'],
  ['Reading the {topic} docs', 'Actually reading them this time'],
  ['First week in {topic}', 'Tenth week in {topic}'],
];

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
const fill = (template: string, topic: string) =>
  template.replaceAll('{topic}', topic).replaceAll('{Topic}', capitalize(topic));

/** At most this many words on an image: it is read at a glance. */
export const HEADLINE_MAX_WORDS = 9;

/**
 * Choices made from the post itself: an image's words (and its template) vary with the post they go with, and the
 * same post (a retry) gets the same ones.
 */
export const randomForPost = (post: string) => seededRandom(hashText(post));

/** One of the offline headlines for the topic (random picks one). */
export const composeImageHeadline = (topic: string, random: () => number = Math.random) =>
  fill(HEADLINES[Math.floor(random() * HEADLINES.length)]!, topic.trim() || 'this');

/** One of the offline two-line memes for the topic. */
export const composeMemeCaption = (topic: string, random: () => number = Math.random) => {
  const [top, bottom] = MEME_CAPTIONS[Math.floor(random() * MEME_CAPTIONS.length)]!;
  return { top: fill(top, topic.trim() || 'this'), bottom: fill(bottom, topic.trim() || 'this') };
};

/** A model's headline as an image takes it: one line, no wrapping quotes, label or hashtags, a few words. */
export const cleanHeadline = (raw: string) =>
  raw
    .split('\n')
    .map((line) => line.trim())
    .find(Boolean)
    ?.replace(/^(headline|title)\s*:\s*/i, '')
    .replace(/(?:\s*#[\p{L}\p{N}_]+)+\s*$/u, '')
    .replace(/^["“'‘]+|["”'’]+$/g, '')
    .split(/\s+/)
    .slice(0, HEADLINE_MAX_WORDS)
    .join(' ')
    .replace(/[\s,;:–—-]+$/u, '')
    .trim() ?? '';

/** Whether an image line repeats how the post begins (its first four words): then the image only echoes the post. */
export const echoesPostOpening = (line: string, post: string) => {
  const opening = normalizePost(post).split(' ').slice(0, 4).join(' ');
  const words = normalizePost(line);
  return opening.length > 0 && (words.startsWith(opening) || opening.startsWith(words));
};
