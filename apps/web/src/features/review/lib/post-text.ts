import {
  DRAFT_MESSAGES,
  PLATFORM_TEXT_LIMITS,
  platformTextLength,
  textLimitProblems,
} from '@agentcast/contracts/drafts';
import { platformName } from '@agentcast/contracts/publishing';
import { exceedsOnePost, isThreadPlatform, postMeasure } from '@agentcast/contracts/platform-thread';
import { autoThreadBreaks, isThreadText, threadProblems } from '@agentcast/contracts/x-thread';

/** Whether the agent posts a text longer than one post as a thread (the draft's or the agent's `x_threads`). */
export type ThreadOption = { xThreads?: boolean };

/**
 * The platforms a post is previewed for: where it will be published. A post that goes to the terminal only still
 * gets a preview, a neutral one.
 */
export const previewPlatforms = (platforms: readonly string[]) => {
  const published = platforms.filter((platform) => platform !== 'terminal');
  return published.length > 0 ? published : ['terminal'];
};

/** The platforms an agent's own posts go to (its post clients), as a written post's previews and limits follow. */
export const postTargets = (clients: readonly string[]) => clients.filter((client) => client !== 'terminal');

/** Whether this text goes to X as a thread rather than one post. */
export const goesAsThread = (text: string, { xThreads = false }: ThreadOption = {}) =>
  xThreads && isThreadText(text.trim());

/**
 * How long the post is for one platform, against its limit. The server trims the text before it checks it
 * (drafts.ts postText), so the count is of the trimmed text: what the platform will receive. On a thread platform
 * (X, Bluesky, Mastodon, Farcaster), for an agent that posts threads, a longer text is counted in posts
 * (`threadLength`) and is over only when no thread holds it.
 */
export const characterCount = (text: string, platform: string, option: ThreadOption = {}) => {
  const trimmed = text.trim();
  const length = platformTextLength(platform, trimmed);
  const limit = PLATFORM_TEXT_LIMITS[platform];
  if (isThreadPlatform(platform) && option.xThreads && exceedsOnePost(platform, trimmed)) {
    const measure = postMeasure(platform);
    const breaks = autoThreadBreaks(trimmed, measure);
    const isOver = threadProblems(trimmed, breaks, measure).length > 0;
    return { length, limit, isOver, threadLength: breaks.length + 1 };
  }
  return { length, limit, isOver: limit !== undefined && length > limit, threadLength: undefined };
};

/** What keeps a text from being published to these platforms, in the server's own words (empty when it can go). */
export const postTextProblems = (text: string, platforms: readonly string[], option: ThreadOption = {}) => {
  const trimmed = text.trim();
  if (!trimmed) return [DRAFT_MESSAGES.empty];
  return textLimitProblems(trimmed, [...platforms], platformName, option);
};
