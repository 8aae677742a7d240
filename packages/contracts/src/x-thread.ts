/**
 * X threads (issue 17 §4): a post longer than one X post, for an agent that allows threads, goes out as a numbered
 * reply chain. The split is kept as `breaks`, the offsets in the post's text where the 2nd, 3rd, … parts begin, so
 * the text itself stays the one every platform gets: a person moving a split point in the Review tab never edits
 * words. The same functions run in the browser (previews, the split controls) and on the server (checks,
 * publishing), so both count alike.
 */

/** The longest X post, in characters, as the writer and the previews count them. */
export const X_POST_LIMIT = 280;
/** X shows long threads fine, but a reader stops long before: a split is refused past this many parts. */
export const MAX_THREAD_PARTS = 25;

/** The agent setting that turns threads on, on every platform that has them (platform-thread.ts). */
export const THREADS_SETTING_LABEL = 'Post long texts as threads';

/** How one platform measures a post: its limit, and the length of a text as it counts it. */
export type PostMeasure = { limit: number; length: (text: string) => number };

/** X's: 280 characters. */
const X_MEASURE: PostMeasure = { limit: X_POST_LIMIT, length: (text) => text.length };

export const THREAD_MESSAGES = {
  tooManyParts: (parts: number) => `A thread holds at most ${MAX_THREAD_PARTS} posts; this one would need ${parts}.`,
  partTooLong: (part: number, length: number) =>
    `Post ${part} of the thread is too long for X: ${length} characters of ${X_POST_LIMIT}, numbering included.`,
  badBreaks: 'Split points must be positions inside the text, in order, each leaving text on both sides.',
  notAllowed: `This agent does not post threads: turn on "${THREADS_SETTING_LABEL}" in its settings.`,
  fitsOnePost: 'This post fits in one X post: there is nothing to split.',
  cannotFit: (length: number, platform = 'X') =>
    `Too long for a ${platform} thread: ${length} characters do not fit in ${MAX_THREAD_PARTS} posts.`,
} as const;

/** Whether this text goes to X as a thread (it cannot go as one post). */
export const isThreadText = (text: string) => text.trim().length > X_POST_LIMIT;

/** The numbering a part carries, e.g. " 2/5" (none for a single post). */
const numbering = (index: number, total: number) => (total > 1 ? ` ${index + 1}/${total}` : '');

/** The offsets where a new part may begin: after a sentence's end, or a line break, past the whitespace. */
const sentenceStarts = (text: string) => {
  const starts: number[] = [];
  for (const match of text.matchAll(/(?:[.!?…]+["'”’)\]]*\s+|\n\s*)(?=\S)/g)) {
    starts.push(match.index + match[0].length);
  }
  return starts;
};

/** Word starts between two offsets: where a sentence too long for one post may be cut. */
const wordStarts = (text: string, from: number, to: number) => {
  const starts: number[] = [];
  for (const match of text.slice(from, to).matchAll(/\s+(?=\S)/g)) starts.push(from + match.index + match[0].length);
  return starts;
};

/** The parts' texts for these breaks, trimmed, without numbering. */
export const threadPartTexts = (text: string, breaks: readonly number[]) => {
  const edges = [0, ...breaks, text.length];
  return edges.slice(0, -1).map((start, index) => text.slice(start, edges[index + 1]).trim());
};

/** The posts as X receives them: each part with its numbering ("… 1/3"). A text that fits one post is one part. */
export const threadPosts = (text: string, breaks: readonly number[]) => {
  const parts = threadPartTexts(text, breaks);
  return parts.map((part, index) => `${part}${numbering(index, parts.length)}`);
};

/**
 * Splits at sentence ends, filling each post as far as it goes with room for its numbering; a sentence longer than
 * a post is cut between words, and a word longer than a post (a long link) inside it. Greedy packing gives the
 * fewest parts, which is what a reader prefers.
 */
export const autoThreadBreaks = (text: string, measure: PostMeasure = X_MEASURE): number[] => {
  if (measure.length(text.trim()) <= measure.limit) return [];
  // The numbering's room depends on how many parts there are: try with room for 9, then 99.
  for (const reserve of [' 9/9'.length, ' 99/99'.length]) {
    const breaks = packBreaks(text, measure.limit - reserve, measure.length);
    if (breaks.length + 1 < 10 || reserve > ' 9/9'.length) return breaks;
  }
  return [];
};

const packBreaks = (text: string, room: number, length: PostMeasure['length']) => {
  const sentences = [...sentenceStarts(text), text.length];
  const breaks: number[] = [];
  const fits = (from: number, to: number) => length(text.slice(from, to).trim()) <= room;
  let start = 0;
  while (!fits(start, text.length)) {
    const fitting = sentences.filter((offset) => offset > start && fits(start, offset));
    let next = fitting.at(-1);
    if (next === undefined) {
      // No sentence end within reach: the last word start that fits, else a hard cut.
      const limit = start + room;
      next = wordStarts(text, start, limit + 1)
        .filter((offset) => fits(start, offset))
        .at(-1);
      next ??= limit;
    }
    breaks.push(next);
    start = next;
  }
  return breaks;
};

/** The split points a person may move a break to: every sentence start, and word starts in overlong sentences. */
export const threadBreakCandidates = (text: string) => {
  const sentences = sentenceStarts(text);
  const candidates = new Set(sentences);
  const edges = [0, ...sentences, text.length];
  for (let index = 0; index < edges.length - 1; index += 1) {
    const from = edges[index] as number;
    const to = edges[index + 1] as number;
    if (text.slice(from, to).trim().length > X_POST_LIMIT - ' 99/99'.length) {
      for (const offset of wordStarts(text, from, to)) candidates.add(offset);
    }
  }
  return [...candidates].filter((offset) => offset > 0 && offset < text.length).sort((a, b) => a - b);
};

/** Why these breaks cannot be published (empty when they can): order, bounds, count and each post's length. */
export const threadProblems = (text: string, breaks: readonly number[], measure: PostMeasure = X_MEASURE) => {
  const inOrder = breaks.every(
    (offset, index) =>
      Number.isInteger(offset) && offset > (index === 0 ? 0 : (breaks[index - 1] as number)) && offset < text.length,
  );
  if (!inOrder) return [THREAD_MESSAGES.badBreaks];
  const parts = threadPartTexts(text, breaks);
  if (parts.some((part) => part === '')) return [THREAD_MESSAGES.badBreaks];
  if (parts.length > MAX_THREAD_PARTS) return [THREAD_MESSAGES.tooManyParts(parts.length)];
  return threadPosts(text, breaks).flatMap((post, index) =>
    measure.length(post) > measure.limit ? [THREAD_MESSAGES.partTooLong(index + 1, measure.length(post))] : [],
  );
};

/** The breaks a run's X delivery uses: a person's own when they set them, else the automatic split. */
export const effectiveThreadBreaks = (text: string, chosen: readonly number[] | null | undefined) =>
  chosen && chosen.length > 0 ? [...chosen] : autoThreadBreaks(text);
