import type { TikTokPrivacyLevel } from '@agentcast/contracts/tiktok-creator';
import type { VideoPrivacy } from '../common/platform.ts';

export type { TikTokPrivacyLevel };

/**
 * The levels that suit each of the agent's choices, widest first: a public post goes to everyone, or to the
 * followers where the account is private (TikTok offers FOLLOWER_OF_CREATOR instead of PUBLIC_TO_EVERYONE there);
 * an unlisted one to followers or friends; a private one to the account alone. Never wider than the agent chose.
 */
const CANDIDATES: Record<VideoPrivacy, TikTokPrivacyLevel[]> = {
  public: ['PUBLIC_TO_EVERYONE', 'FOLLOWER_OF_CREATOR', 'MUTUAL_FOLLOW_FRIENDS'],
  unlisted: ['FOLLOWER_OF_CREATOR', 'MUTUAL_FOLLOW_FRIENDS'],
  private: [],
};

/**
 * The privacy level a post is sent with. TikTok keeps every post of an app it has not audited private (SELF_ONLY,
 * anything else is refused); an audited app sends the widest level the creator allows (creator_info, read fresh for
 * each post) that suits the agent's choice, and SELF_ONLY when none does.
 */
export const tiktokPrivacyLevel = ({
  audited,
  wanted,
  allowed,
}: {
  audited: boolean;
  wanted: VideoPrivacy;
  allowed: readonly string[];
}): TikTokPrivacyLevel => {
  if (!audited) return 'SELF_ONLY';
  return CANDIDATES[wanted].find((level) => allowed.includes(level)) ?? 'SELF_ONLY';
};

/** How a post at this level was posted, for notes: "privately (only the account can see it)". */
export const TIKTOK_AUDIENCE: Record<TikTokPrivacyLevel, string> = {
  PUBLIC_TO_EVERYONE: 'publicly',
  FOLLOWER_OF_CREATOR: "for the account's followers only",
  MUTUAL_FOLLOW_FRIENDS: "for the account's friends only (followers it follows back)",
  SELF_ONLY: 'privately (only the account can see it)',
};
