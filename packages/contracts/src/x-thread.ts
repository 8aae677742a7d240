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

export const THREAD_MESSAGES = {
  tooManyParts: (parts: number) => `A thread holds at most ${MAX_THREAD_PARTS} posts; this one would need ${parts}.`,
  partTooLong: (part: number, length: number) =>
    `Post ${part} of the thread is too long for X: ${length} characters of ${X_POST_LIMIT}, numbering included.`,
  badBreaks: 'Split points must be positions inside the text, in order, each leaving text on both sides.',
  notAllowed: 'This agent does not post threads on X: turn on "Post long texts to X as threads" in its settings.',
  fitsOnePost: 'This post fits in one X post: there is nothing to split.',
  cannotFit: (length: number) =>
    `Too long for an X thread: ${length} characters do not fit in ${MAX_THREAD_PARTS} posts.`,
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
export const autoThreadBreaks = (text: string): number[] => {
  if (!isThreadText(text)) return [];
  // The numbering's room depends on how many parts there are: try with room for 9, then 99.
  for (const reserve of [' 9/9'.length, ' 99/99'.length]) {
    const breaks = packBreaks(text, X_POST_LIMIT - reserve);
    if (breaks.length + 1 < 10 || reserve > ' 9/9'.length) return breaks;
  }
  return [];
};

const packBreaks = (text: string, room: number) => {
  const sentences = [...sentenceStarts(text), text.length];
  const breaks: number[] = [];
  let start = 0;
  while (text.slice(start).trim().length > room) {
    const fitting = sentences.filter((offset) => offset > start && text.slice(start, offset).trim().length <= room);
    let next = fitting.at(-1);
    if (next === undefined) {
      // No sentence end within reach: the last word start that fits, else a hard cut.
      const limit = start + room;
      next = wordStarts(text, start, limit + 1)
        .filter((offset) => text.slice(start, offset).trim().length <= room)
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
export const threadProblems = (text: string, breaks: readonly number[]) => {
  const inOrder = breaks.every(
    (offset, index) =>
      Number.isInteger(offset) && offset > (index === 0 ? 0 : (breaks[index - 1] as number)) && offset < text.length,
  );
  if (!inOrder) return [THREAD_MESSAGES.badBreaks];
  const parts = threadPartTexts(text, breaks);
  if (parts.some((part) => part === '')) return [THREAD_MESSAGES.badBreaks];
  if (parts.length > MAX_THREAD_PARTS) return [THREAD_MESSAGES.tooManyParts(parts.length)];
  return threadPosts(text, breaks).flatMap((post, index) =>
    post.length > X_POST_LIMIT ? [THREAD_MESSAGES.partTooLong(index + 1, post.length)] : [],
  );
};

/** The breaks a run's X delivery uses: a person's own when they set them, else the automatic split. */
export const effectiveThreadBreaks = (text: string, chosen: readonly number[] | null | undefined) =>
  chosen && chosen.length > 0 ? [...chosen] : autoThreadBreaks(text);
