/** At or above this, two posts say the same thing (issue: no near-duplicates). */
export const NEAR_DUPLICATE_THRESHOLD = 0.8;

/**
 * A post's words without what does not change its meaning: case, links, punctuation, extra spaces. Hashtags and
 * mentions keep their words.
 */
export const normalizePost = (text: string) =>
  text
    .toLowerCase()
    .replace(/https?:\/\/\S+/g, ' ')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

/** The post's character trigrams, padded at the ends as pg_trgm pads words. */
export const trigramsOf = (text: string) => {
  const padded = `  ${normalizePost(text)} `;
  const trigrams = new Set<string>();
  for (let index = 0; index + 3 <= padded.length; index++) trigrams.add(padded.slice(index, index + 3));
  return trigrams;
};

/** Shared trigrams over all trigrams of the two (Jaccard, as pg_trgm's similarity): 1 for the same words. */
export const trigramSimilarity = (a: Set<string>, b: Set<string>) => {
  if (a.size === 0 && b.size === 0) return 1;
  let shared = 0;
  for (const trigram of a) if (b.has(trigram)) shared++;
  return shared / (a.size + b.size - shared);
};

export type EarlierPost = { text: string; at: Date; trigrams?: Set<string> };

/** The earlier post this text repeats (the most similar at or above the threshold), if any. */
export const findNearDuplicate = <Post extends EarlierPost>(text: string, earlier: Post[]) => {
  const trigrams = trigramsOf(text);
  let best: { post: Post; similarity: number } | null = null;
  for (const post of earlier) {
    post.trigrams ??= trigramsOf(post.text);
    const similarity = trigramSimilarity(trigrams, post.trigrams);
    if (similarity >= NEAR_DUPLICATE_THRESHOLD && (!best || similarity > best.similarity)) best = { post, similarity };
  }
  return best;
};
