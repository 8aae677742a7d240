const segmenter = new Intl.Segmenter();
/** Text that is all ASCII: each character (but a CR LF pair) is one grapheme. */
const ASCII = /^[\t\n\r\x20-\x7e]*$/;

/**
 * How many characters a person sees (grapheme clusters: an emoji with its skin tone is one), as Bluesky and
 * Mastodon count a post. Intl.Segmenter slows down more than linearly on a long run of text (a 15,000-character
 * word takes a third of a second), and the thread split measures many slices: ASCII is counted directly, and other
 * text word by word, since no cluster spans a space.
 */
export const graphemeCount = (text: string) => {
  if (ASCII.test(text)) return text.length - (text.match(/\r\n/g)?.length ?? 0);
  let count = 0;
  for (const word of text.split(/( )/)) {
    if (word === ' ') count += 1;
    else if (ASCII.test(word)) count += word.length - (word.match(/\r\n/g)?.length ?? 0);
    else for (const _ of segmenter.segment(word)) count += 1;
  }
  return count;
};
