import type { FakeReply, RouteContext } from './platform-fake-kit.ts';
import { tiktokError, tiktokOk } from './tiktok-fake-envelope.ts';
import type { TikTokFakeCreator, TikTokFakePost, TikTokFakeState } from './tiktok-fake-types.ts';

const VIDEO_FIELDS = new Set([
  'id',
  'create_time',
  'cover_image_url',
  'share_url',
  'video_description',
  'duration',
  'height',
  'width',
  'title',
  'embed_html',
  'embed_link',
  'like_count',
  'comment_count',
  'share_count',
  'view_count',
]);

/** user/info's fields, by the scope each needs. */
const USER_FIELDS: Record<string, string> = {
  open_id: 'user.info.basic',
  union_id: 'user.info.basic',
  avatar_url: 'user.info.basic',
  avatar_url_100: 'user.info.basic',
  avatar_large_url: 'user.info.basic',
  display_name: 'user.info.basic',
  username: 'user.info.profile',
  bio_description: 'user.info.profile',
  profile_deep_link: 'user.info.profile',
  is_verified: 'user.info.profile',
  follower_count: 'user.info.stats',
  following_count: 'user.info.stats',
  likes_count: 'user.info.stats',
  video_count: 'user.info.stats',
};

const invalidParams = (message: string) => tiktokError(400, 'invalid_params', message);
export const scopeMissing = () =>
  tiktokError(
    401,
    'scope_not_authorized',
    'The user did not authorize the scope required for completing this request.',
  );

/** The `fields` query parameter, or TikTok's refusal when it is missing or names an unknown field. */
const fieldsOf = (context: RouteContext, allowed: Iterable<string>): string[] | FakeReply => {
  const fields = (context.request.query.fields ?? '').split(',').filter(Boolean);
  const known = new Set(allowed);
  const unknown = fields.find((field) => !known.has(field));
  if (fields.length === 0) return invalidParams('fields is required.');
  return unknown ? invalidParams(`Invalid field: ${unknown}.`) : fields;
};

const pick = (record: Record<string, unknown>, fields: string[]) =>
  Object.fromEntries(fields.filter((field) => record[field] !== undefined).map((field) => [field, record[field]]));

/** POST /v2/post/publish/creator_info/query/. */
export const creatorInfo = (_state: TikTokFakeState, _context: RouteContext, creator: TikTokFakeCreator) =>
  tiktokOk({
    creator_avatar_url: creator.avatarUrl,
    creator_username: creator.username,
    creator_nickname: creator.nickname,
    privacy_level_options: creator.privacyLevels,
    comment_disabled: creator.commentDisabled,
    duet_disabled: creator.duetDisabled,
    stitch_disabled: creator.stitchDisabled,
    max_video_post_duration_sec: creator.maxVideoSeconds,
  });

/** A published public post as the Display API reads it (id a string there; counts from setMetrics). */
const videoOf = (state: TikTokFakeState, creator: TikTokFakeCreator, post: TikTokFakePost): Record<string, unknown> => {
  const id = post.videoId!;
  const caption = String(post.post_info.title ?? '');
  return {
    id,
    create_time: post.create_time,
    title: caption,
    video_description: post.kind === 'video' ? caption : String(post.post_info.description ?? ''),
    share_url: `https://www.tiktok.com/@${creator.username}/${post.kind}/${id}?utm_campaign=tt4d_open_api&utm_source=fake`,
    embed_link: `https://www.tiktok.com/player/v1/${id}`,
    duration: post.kind === 'video' ? 12 : 0,
    ...(state.stats.get(id) ?? { view_count: 0, like_count: 0, comment_count: 0, share_count: 0 }),
  };
};

/** The creator's posts the Display API shows: published for everyone, newest first. */
const publicPosts = (state: TikTokFakeState, creator: TikTokFakeCreator) =>
  state.posts
    .filter((post) => post.openId === creator.openId && post.videoId && post.status === 'PUBLISH_COMPLETE')
    .sort((a, b) => b.create_time - a.create_time);

/** POST /v2/video/list/?fields=…: the creator's public posts, a page of max_count (≤ 20) before `cursor` (ms). */
export const listVideos = (state: TikTokFakeState, context: RouteContext, creator: TikTokFakeCreator) => {
  const fields = fieldsOf(context, VIDEO_FIELDS);
  if (!Array.isArray(fields)) return fields;
  const body = (context.request.json ?? {}) as { max_count?: unknown; cursor?: unknown };
  const maxCount = body.max_count ?? 10;
  if (typeof maxCount !== 'number' || maxCount < 1 || maxCount > 20) return invalidParams('max_count must be 1 to 20.');
  const cursor = typeof body.cursor === 'number' ? body.cursor : Number.POSITIVE_INFINITY;
  const older = publicPosts(state, creator).filter((post) => post.create_time * 1000 < cursor);
  const page = older.slice(0, maxCount);
  return tiktokOk({
    videos: page.map((post) => pick(videoOf(state, creator, post), fields)),
    cursor: page.length > 0 ? page.at(-1)!.create_time * 1000 : 0,
    has_more: older.length > page.length,
  });
};

/** POST /v2/video/query/?fields=…: the creator's public posts among filters.video_ids (≤ 20). */
export const queryVideos = (state: TikTokFakeState, context: RouteContext, creator: TikTokFakeCreator) => {
  const fields = fieldsOf(context, VIDEO_FIELDS);
  if (!Array.isArray(fields)) return fields;
  const ids = ((context.request.json ?? {}) as { filters?: { video_ids?: unknown } }).filters?.video_ids;
  if (!Array.isArray(ids) || ids.length === 0 || ids.length > 20 || !ids.every((id) => typeof id === 'string')) {
    return invalidParams('filters.video_ids must hold 1 to 20 video ids.');
  }
  const videos = publicPosts(state, creator)
    .filter((post) => ids.includes(post.videoId!))
    .map((post) => pick(videoOf(state, creator, post), fields));
  return tiktokOk({ videos, cursor: 0, has_more: false });
};

/** GET /v2/user/info/?fields=…: the user, each field needing its scope. */
export const userInfo = (state: TikTokFakeState, context: RouteContext, creator: TikTokFakeCreator) => {
  const fields = fieldsOf(context, Object.keys(USER_FIELDS));
  if (!Array.isArray(fields)) return fields;
  if (fields.some((field) => !creator.scopes.includes(USER_FIELDS[field]!))) return scopeMissing();
  const posts = publicPosts(state, creator).length;
  const user = {
    open_id: creator.openId,
    union_id: creator.unionId,
    avatar_url: creator.avatarUrl,
    avatar_url_100: creator.avatarUrl,
    avatar_large_url: creator.avatarUrl,
    display_name: creator.nickname,
    username: creator.username,
    bio_description: '',
    profile_deep_link: `https://vm.tiktok.com/${creator.username}`,
    is_verified: false,
    follower_count: 0,
    following_count: 0,
    likes_count: 0,
    video_count: posts,
  };
  return tiktokOk({ user: pick(user, fields) });
};
