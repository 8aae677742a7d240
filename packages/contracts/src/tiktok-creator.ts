import { z } from 'zod';

/** Who may see a TikTok post: creator_info's `privacy_level_options`, a post's `privacy_level`. */
export const TIKTOK_PRIVACY_LEVELS = [
  'PUBLIC_TO_EVERYONE',
  'FOLLOWER_OF_CREATOR',
  'MUTUAL_FOLLOW_FRIENDS',
  'SELF_ONLY',
] as const;
export type TikTokPrivacyLevel = (typeof TIKTOK_PRIVACY_LEVELS)[number];

/** The names TikTok's own app gives the levels under "Who can watch this video". */
export const TIKTOK_PRIVACY_LABELS: Record<TikTokPrivacyLevel, string> = {
  PUBLIC_TO_EVERYONE: 'Everyone',
  FOLLOWER_OF_CREATOR: 'Followers',
  MUTUAL_FOLLOW_FRIENDS: 'Friends',
  SELF_ONLY: 'Only you',
};

/**
 * What TikTok says about the agent's account before a post (creator_info, read fresh), and the audience the post will
 * go out to: TikTok requires apps to show the account, who can watch, the interaction settings and the longest video
 * before posting. `unavailable` when it cannot be read, with a sentence saying why.
 */
export const tiktokCreatorSchema = z.discriminatedUnion('status', [
  z.object({
    status: z.literal('ready'),
    /** Without the @. */
    username: z.string(),
    nickname: z.string(),
    /** The audience this post goes to: the widest the account allows within the agent's video privacy. */
    privacyLevel: z.enum(TIKTOK_PRIVACY_LEVELS),
    /** Every audience the account allows. */
    privacyLevels: z.array(z.string()),
    /** false: TikTok has not audited this server's app, so every post is private (Only you). */
    audited: z.boolean(),
    /** Turned off by the creator in TikTok: the post goes out with it off too. */
    commentDisabled: z.boolean(),
    duetDisabled: z.boolean(),
    stitchDisabled: z.boolean(),
    /** The longest video this account may post, in seconds; 0 when TikTok did not say. */
    maxVideoSeconds: z.number().nonnegative(),
  }),
  z.object({ status: z.literal('unavailable'), message: z.string() }),
]);
export type TikTokCreator = z.infer<typeof tiktokCreatorSchema>;

export const TIKTOK_CREATOR_MESSAGES = {
  notConnected: 'Connect a TikTok account to this agent to see who TikTok will show the post to.',
  unaudited: 'TikTok keeps every post private (Only you) until it has audited this server’s TikTok app.',
} as const;

/**
 * "By posting, you agree to TikTok's Music Usage Confirmation.", the last two words a link to TikTok's page: its
 * Content Sharing Guidelines ask apps to say it before a post.
 */
export const TIKTOK_MUSIC_CONFIRMATION = {
  lead: 'By posting, you agree to TikTok’s',
  link: 'Music Usage Confirmation',
  url: 'https://www.tiktok.com/legal/page/global/music-usage-confirmation/en',
} as const;
