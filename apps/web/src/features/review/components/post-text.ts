import { DRAFT_MESSAGES, PLATFORM_TEXT_LIMITS, textLimitProblems } from '@agentcast/contracts/drafts';
import { platformName } from '@agentcast/contracts/publishing';

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

/**
 * How long the post is for one platform, against its limit. The server trims the text before it checks it
 * (drafts.ts postText), so the count is of the trimmed text: what the platform will receive.
 */
export const characterCount = (text: string, platform: string) => {
  const length = text.trim().length;
  const limit = PLATFORM_TEXT_LIMITS[platform];
  return { length, limit, isOver: limit !== undefined && length > limit };
};

/** What keeps a text from being published to these platforms, in the server's own words (empty when it can go). */
export const postTextProblems = (text: string, platforms: readonly string[]) => {
  const trimmed = text.trim();
  if (!trimmed) return [DRAFT_MESSAGES.empty];
  return textLimitProblems(trimmed, [...platforms], platformName);
};
