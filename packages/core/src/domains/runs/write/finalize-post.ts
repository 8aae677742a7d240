/**
 * Cleans a written post and makes it fit: outer quotes and "Here is a tweet:" preambles go, runs of blank lines
 * shrink. A post that is still too long is cut after its last whole sentence that fits, else after its last whole
 * word with "…" — never mid-word. An empty result is a failure, never a post.
 */
export const finalizePost = (raw: string, maxChars: number): string => {
  let text = raw
    .trim()
    .replace(/^(here(?:'s| is) (?:a |the |your )?(?:tweet|post)[^:\n]*:)\s*/i, '')
    .replace(/^["“'](.*)["”']$/s, '$1')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  if (text.length > maxChars) text = cutToFit(text, maxChars);
  if (!text) throw new Error('The writer produced an empty post.');
  return text;
};

const cutToFit = (text: string, maxChars: number) => {
  const head = text.slice(0, maxChars);
  const lastSentenceEnd = Math.max(...['. ', '! ', '? ', '.\n', '!\n', '?\n'].map((end) => head.lastIndexOf(end)));
  if (lastSentenceEnd >= maxChars * 0.5) return head.slice(0, lastSentenceEnd + 1).trim();
  const words = text.slice(0, maxChars - 1);
  const lastSpace = words.search(/\s\S*$/);
  return `${(lastSpace > 0 ? words.slice(0, lastSpace) : words).trimEnd()}…`;
};
