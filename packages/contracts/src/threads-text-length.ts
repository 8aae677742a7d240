// How Threads counts a post against its 500, shared by the Review tab's count, the server's check and the adapter.

const segmenter = new Intl.Segmenter();
const utf8 = new TextEncoder();
/** A grapheme that is an emoji: a pictograph (with its skin tone, joiners and variation selectors) or a flag. */
const EMOJI = /\p{Extended_Pictographic}|\p{Regional_Indicator}/u;
const ASCII = /^[\t\n\r\x20-\x7e]*$/;

/** The most Threads takes in a post's text. */
export const THREADS_MAX_TEXT = 500;

/**
 * A text's length as Threads counts it: Meta's documentation says the limit is 500 characters with emoji counted as
 * their UTF-8 byte length, so 👋 takes 4 and 👋🏽 takes 8, while é and 日 take one each (a character, not its bytes).
 */
export const threadsTextLength = (text: string) => {
  if (ASCII.test(text)) return text.length;
  let length = 0;
  for (const { segment } of segmenter.segment(text)) {
    length += EMOJI.test(segment) ? utf8.encode(segment).length : [...segment].length;
  }
  return length;
};
