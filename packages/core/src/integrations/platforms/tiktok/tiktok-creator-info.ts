import { createTikTokRequester, TIKTOK_API_BASE, type TikTokCall } from './tiktok-requester.ts';

/**
 * What TikTok says about the creator before a post (creator_info): TikTok requires apps to show the account, its
 * privacy options and its interaction settings before posting, and to post only with an option it lists.
 */
export type TikTokCreatorInfo = {
  /** Without the @. */
  username: string;
  nickname: string;
  avatarUrl: string;
  /** PUBLIC_TO_EVERYONE, FOLLOWER_OF_CREATOR, MUTUAL_FOLLOW_FRIENDS, SELF_ONLY: those this creator may post with. */
  privacyLevels: string[];
  commentDisabled: boolean;
  duetDisabled: boolean;
  stitchDisabled: boolean;
  /** The longest video this creator may post, in seconds. */
  maxVideoSeconds: number;
};

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** Reads creator_info (`POST /v2/post/publish/creator_info/query/`, scope video.publish). Throws PlatformError. */
export const queryTikTokCreatorInfo = async (call: TikTokCall): Promise<TikTokCreatorInfo> => {
  const data = await call({
    path: '/v2/post/publish/creator_info/query/',
    what: "the request for the creator's posting settings",
    scope: 'video.publish',
  });
  const levels = data.privacy_level_options;
  const maxSeconds = data.max_video_post_duration_sec;
  return {
    username: text(data.creator_username),
    nickname: text(data.creator_nickname),
    avatarUrl: text(data.creator_avatar_url),
    privacyLevels: Array.isArray(levels) ? levels.filter((level): level is string => typeof level === 'string') : [],
    commentDisabled: data.comment_disabled === true,
    duetDisabled: data.duet_disabled === true,
    stitchDisabled: data.stitch_disabled === true,
    maxVideoSeconds: typeof maxSeconds === 'number' && maxSeconds > 0 ? maxSeconds : 0,
  };
};

/** The creator info of the account this token belongs to, for the post's preview. Throws PlatformError. */
export const readTikTokCreatorInfo = (
  { baseUrl = TIKTOK_API_BASE, timeoutMs }: { baseUrl?: string; timeoutMs: number },
  accessToken: string,
): Promise<TikTokCreatorInfo> => queryTikTokCreatorInfo(createTikTokRequester({ baseUrl, timeoutMs })(accessToken));
