/**
 * A YouTube Short's title and description from a post's text, browser-safe: the server uploads with them
 * (core's youtube-video-metadata.ts) and the Review tab's YouTube preview shows the same title.
 */

/** YouTube's limits: a title of 100 characters, a description of 5000 bytes (UTF-8), neither with < or >. */
export const YOUTUBE_TITLE_MAX_CHARACTERS = 100;
export const YOUTUBE_DESCRIPTION_MAX_BYTES = 5000;
const SHORTS_TAG = '#Shorts';
const ELLIPSIS = '…';

/**
 * YouTube refuses < and > in a title or description. The single angle quotation marks look alike and keep
 * "done > perfect" or "<3" readable, where dropping the character would change what the post says.
 */
const withoutAngleBrackets = (text: string) => text.replace(/</g, '‹').replace(/>/g, '›');

const characterCount = (text: string) => Array.from(text).length;

/** How many bytes a character (a code point) takes in UTF-8, as YouTube counts a description. */
const utf8Bytes = (character: string) => {
  const code = character.codePointAt(0) ?? 0;
  return code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
};

const byteLength = (text: string) => Array.from(text).reduce((sum, character) => sum + utf8Bytes(character), 0);

/**
 * The first non-empty line, up to the end of its first sentence: a . ! ? or … followed by a space and something
 * other than a lower-case letter, so "e.g. this" and "3.5" do not end a sentence. A lone full stop is dropped
 * (titles do not take one); ! ? and … stay.
 */
const firstSentence = (text: string) => {
  const line =
    text
      .split(/\r?\n/)
      .map((candidate) => candidate.replace(/\s+/g, ' ').trim())
      .find((candidate) => candidate !== '') ?? '';
  const sentence = /^(.+?[.!?…]+)(?= [^\p{Ll}])/u.exec(line)?.[1] ?? line;
  return sentence.replace(/(?<!\.)\.$/, '');
};

/** At most `max` characters, cut after a whole word and ended with … when it had to be cut. */
const cutAtWord = (text: string, max: number) => {
  const characters = Array.from(text);
  if (characters.length <= max) return text;
  const head = characters.slice(0, max - 1).join('');
  const endsAtWord = /\s/.test(characters[max - 1] ?? ' ');
  const words = endsAtWord ? head : head.replace(/\s+\S*$/, '');
  // A single word longer than the whole title is cut inside it rather than dropped.
  return `${(words.trim() === '' ? head : words).replace(/[\s,;:–—-]+$/u, '')}${ELLIPSIS}`;
};

/** At most `maxBytes` in UTF-8, cut between characters and ended with … when it had to be cut. */
const cutToBytes = (text: string, maxBytes: number) => {
  if (byteLength(text) <= maxBytes) return text;
  const budget = maxBytes - byteLength(ELLIPSIS);
  let kept = '';
  let bytes = 0;
  for (const character of text) {
    bytes += utf8Bytes(character);
    if (bytes > budget) break;
    kept += character;
  }
  return `${kept.trimEnd()}${ELLIPSIS}`;
};

export type YouTubeVideoMetadata = { title: string; description: string };

/**
 * A Short's title and description from the post's text: the title is its first sentence (or line), whitespace
 * collapsed, at most 100 characters, with " #Shorts" when that still fits — the tag YouTube's own guidance
 * suggests for Shorts, harmless when the video is already vertical and short; the description is the whole text.
 * findRecentPost compares a video's description with this function's description of the post, so both sides are
 * cleaned and cut the same way.
 */
export const youTubeVideoMetadata = (text: string): YouTubeVideoMetadata => {
  const cleaned = withoutAngleBrackets(text);
  const title = cutAtWord(firstSentence(cleaned), YOUTUBE_TITLE_MAX_CHARACTERS);
  const tagged =
    title === ''
      ? SHORTS_TAG
      : !/#shorts\b/i.test(title) && characterCount(title) + SHORTS_TAG.length + 1 <= YOUTUBE_TITLE_MAX_CHARACTERS
        ? `${title} ${SHORTS_TAG}`
        : title;
  return { title: tagged, description: cutToBytes(cleaned.trim(), YOUTUBE_DESCRIPTION_MAX_BYTES) };
};
