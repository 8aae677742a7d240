import { threadBreakCandidates, threadPosts, threadProblems } from '@agentcast/contracts/x-thread';

/** New split points for the thread, or null when that change would give a post X refuses (too long, or empty). */
export type SplitChange = number[] | null;

/** What can be done at the boundary between post `index + 1` and the next one. */
export type SplitBoundary = { earlier: SplitChange; later: SplitChange; join: SplitChange };

/** One post of the thread as X receives it (numbering included), and how it could be split in two. */
export type ThreadPost = { text: string; split: SplitChange; canSplit: boolean };

export type ThreadSplit = { posts: ThreadPost[]; boundaries: SplitBoundary[] };

/** The same checks the server makes when it saves split points (change-draft.ts). */
const allowed = (text: string, breaks: number[]): SplitChange =>
  threadProblems(text, breaks).length === 0 ? breaks : null;

const replaced = (breaks: readonly number[], index: number, offset: number) =>
  breaks.map((current, position) => (position === index ? offset : current));

/**
 * The split point moved to the nearest candidate before (or after) it, never past its neighbours, which would
 * empty a post.
 */
const moved = (text: string, breaks: readonly number[], candidates: number[], index: number, step: -1 | 1) => {
  const offset = breaks[index] as number;
  const lower = index === 0 ? 0 : (breaks[index - 1] as number);
  const upper = breaks[index + 1] ?? text.length;
  const target =
    step < 0
      ? candidates.filter((candidate) => candidate > lower && candidate < offset).at(-1)
      : candidates.find((candidate) => candidate > offset && candidate < upper);
  return target === undefined ? null : allowed(text, replaced(breaks, index, target));
};

/** A post split at the candidate nearest its middle, so both halves are about alike; undefined when it has none. */
const middleCandidate = (candidates: number[], start: number, end: number) => {
  const middle = (start + end) / 2;
  return candidates
    .filter((candidate) => candidate > start && candidate < end)
    .reduce<number | undefined>(
      (best, candidate) =>
        best === undefined || Math.abs(candidate - middle) < Math.abs(best - middle) ? candidate : best,
      undefined,
    );
};

/**
 * Everything the Review tab's split controls offer for a thread: its posts, and at each boundary the split moved one
 * candidate earlier or later and the two posts joined; on a post of several sentences, that post split in two. Each
 * change is already checked, so a control whose change is null is shown unavailable.
 */
export const threadSplit = (text: string, breaks: readonly number[]): ThreadSplit => {
  const candidates = threadBreakCandidates(text);
  const edges = [0, ...breaks, text.length];
  const posts = threadPosts(text, breaks).map((post, index) => {
    const at = middleCandidate(candidates, edges[index] as number, edges[index + 1] as number);
    const split =
      at === undefined
        ? null
        : allowed(
            text,
            [...breaks, at].sort((a, b) => a - b),
          );
    return { text: post, split, canSplit: at !== undefined };
  });
  const boundaries = breaks.map((_, index) => ({
    earlier: moved(text, breaks, candidates, index, -1),
    later: moved(text, breaks, candidates, index, 1),
    join: allowed(
      text,
      breaks.filter((__, position) => position !== index),
    ),
  }));
  return { posts, boundaries };
};
