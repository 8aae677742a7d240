// With the words that only led to it: "Try it at https://…" reads "Try it".
const URL_PATTERN = /(?:\s+(?:at|via|on)\b)?[\s:→-]*\b(?:https?:\/\/|www\.)\S+/giu;
// Pictographs (but not © ® ™) with their joiners, variation selectors, skin tones, keycaps and flags.
const EMOJI_PATTERN =
  /(?![©®™])\p{Extended_Pictographic}|\p{Emoji_Modifier}|\p{Regional_Indicator}|\u200d|\ufe0f|\u20e3/gu;
const TRAILING_HASHTAGS = /(?:\s*#[\p{L}\p{N}_]+)+[\s\p{P}]*$/u;
// A sentence ends at . ! ? or … (with closing quotes) before a space and a word that does not start in lower case,
// so "e.g. this" stays whole; a line break ends one too.
const SENTENCE_BREAK = /(?<=[.!?…]["'”’)\]]*)[^\S\n]+(?=[^\p{Ll}])|\s*\n\s*/u;

// Also closes the gap a removed emoji leaves before punctuation ("Done 🎉." is "Done.").
const collapse = (text: string) =>
  text
    .replace(/\s+/gu, ' ')
    .replace(/ (?=[.,!?;:…])/gu, '')
    .trim();

/** Cuts at the last word that fits, leaving room for "…"; one endless word is cut where it must be. */
const cut = (text: string, maxLength: number): string => {
  const chars = [...text];
  if (chars.length <= maxLength) return text;
  const head = chars.slice(0, maxLength - 1).join('');
  const atWord = /\s/u.test(chars[maxLength - 1]!) ? head : head.replace(/\s+\S*$/u, '');
  return `${(atWord || head).replace(/[\s,.;:!?–—-]+$/u, '')}…`;
};

/** A piece from its own line that ends without punctuation gets a full stop once joined to the next. */
const joinSentences = (sentences: string[]) =>
  sentences
    .map((sentence, i) => (i < sentences.length - 1 && /[\p{L}\p{N}]$/u.test(sentence) ? `${sentence}.` : sentence))
    .join(' ');

/**
 * The post's most quotable line for a card: the whole post when it is short, or else as many of its first sentences
 * as fit (at least the first, cut at a word with "…"), without links, emoji or the trailing hashtags.
 */
export const extractKeyLine = (post: string, maxLength = 90): string => {
  const cleaned = post.replace(URL_PATTERN, ' ').replace(EMOJI_PATTERN, ' ').replace(TRAILING_HASHTAGS, '');
  const sentences = cleaned
    .split(SENTENCE_BREAK)
    .map(collapse)
    .filter((sentence) => /[\p{L}\p{N}]/u.test(sentence));

  let taken = sentences.slice(0, 1);
  while (
    taken.length < sentences.length &&
    [...joinSentences(sentences.slice(0, taken.length + 1))].length <= maxLength
  ) {
    taken = sentences.slice(0, taken.length + 1);
  }
  const line = cut(joinSentences(taken), maxLength);
  // A post of nothing but links, hashtags or emoji still deserves a line: its first words, emoji kept if need be.
  return line || cut(collapse(post.replace(EMOJI_PATTERN, ' ')) || collapse(post), maxLength);
};
