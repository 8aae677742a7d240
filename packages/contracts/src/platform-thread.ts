import { PLATFORM_TEXT_LIMITS, platformTextLength } from './drafts-constants.ts';
import { autoThreadBreaks, effectiveThreadBreaks, threadPosts, type PostMeasure } from './x-thread.ts';

/**
 * The platforms where a post too long for one goes out as a numbered chain of replies, for an agent with threads
 * on (issue 33: "as X's threads do"). Each part fits the platform's own limit as it counts it: X's 280
 * characters, Bluesky's 300 graphemes, Mastodon's 500 (links as 23), Farcaster's 320 bytes, Threads' 500 (emoji as their bytes).
 */
export const THREAD_PLATFORMS: readonly string[] = ['x', 'bluesky', 'mastodon', 'farcaster', 'threads'];
export const isThreadPlatform = (platform: string) => THREAD_PLATFORMS.includes(platform);

/** How the platform measures one post. */
export const postMeasure = (platform: string): PostMeasure => ({
  limit: PLATFORM_TEXT_LIMITS[platform] ?? Number.POSITIVE_INFINITY,
  length: (text) => platformTextLength(platform, text),
});

/** Whether this text is too long for one post on the platform (as `measure` counts, default the platform's). */
export const exceedsOnePost = (platform: string, text: string, measure = postMeasure(platform)) =>
  measure.length(text.trim()) > measure.limit;

/**
 * The posts a text makes on a thread platform: itself when it fits one, else its numbered parts. On X a person may
 * have chosen the split points in the Review tab (`chosenBreaks`); elsewhere the split is at sentence ends, filled
 * as far as the limit goes: the platform's, or the account's own server's (`measure`, a Mastodon instance's).
 */
export const platformThreadPosts = (
  platform: string,
  text: string,
  chosenBreaks?: readonly number[] | null,
  measure = postMeasure(platform),
) => {
  if (!exceedsOnePost(platform, text, measure)) return [text];
  const breaks = platform === 'x' ? effectiveThreadBreaks(text, chosenBreaks) : autoThreadBreaks(text, measure);
  return threadPosts(text, breaks);
};
