import type { FakeReply } from './platform-fake-kit.ts';
import { doesNotExist, fieldsOf, graphError, graphPage, notPermitted, pick } from './threads-fake-graph.ts';
import { newestFirst, type ThreadsFakeState, type ThreadsInsights, type ThreadsPost } from './threads-fake-state.ts';

const MEDIA_FIELDS = new Set([
  'id',
  'media_product_type',
  'media_type',
  'media_url',
  'permalink',
  'owner',
  'username',
  'text',
  'timestamp',
  'shortcode',
  'children',
  'is_quote_post',
  'has_replies',
  'root_post',
  'replied_to',
  'is_reply',
  'is_reply_owned_by_me',
  'hide_status',
]);
const USER_FIELDS = new Set(['id', 'username', 'name', 'threads_profile_picture_url', 'threads_biography']);
const INSIGHT_TITLES: Record<keyof ThreadsInsights, string> = {
  views: 'Views',
  likes: 'Likes',
  replies: 'Replies',
  reposts: 'Reposts',
  quotes: 'Quotes',
  shares: 'Shares',
};

/** A post as the Graph API answers it to `account`: references as `{ id }` objects, as Threads sends them. */
const asRead = (state: ThreadsFakeState, post: ThreadsPost, account: string): Record<string, unknown> => ({
  ...post,
  media_product_type: 'THREADS',
  owner: { id: post.owner },
  text: post.text || undefined,
  children: post.children.length > 0 ? { data: post.children.map(({ id }) => ({ id })) } : undefined,
  is_quote_post: false,
  has_replies: state.posts.some((candidate) => candidate.replied_to === post.id),
  root_post: { id: post.root_post },
  replied_to: post.replied_to ? { id: post.replied_to } : undefined,
  is_reply: post.replied_to !== undefined,
  is_reply_owned_by_me: post.replied_to !== undefined ? post.owner === account : undefined,
});

/** A post the account may read: its own, or one in a conversation its own post started. */
const readable = (state: ThreadsFakeState, post: ThreadsPost, account: string) =>
  post.owner === account || state.posts.some((root) => root.id === post.root_post && root.owner === account);

/** `GET /me` or `GET /{user-id}`: the account (its own only). */
export const readThreadsUser = (state: ThreadsFakeState, account: string, params: Record<string, string>) => {
  const fields = fieldsOf(params, USER_FIELDS, 'ThreadsUser');
  if (!Array.isArray(fields)) return fields;
  const user = state.accountFor(account);
  const record = {
    id: user.id,
    username: user.username,
    name: user.name,
    threads_profile_picture_url: `https://scontent.cdninstagram.com/${user.id}.jpg`,
    threads_biography: '',
  };
  return { status: 200, json: pick(record, fields) };
};

/** `GET /{media-id}`: one post, the fields asked. */
export const readThreadsPost = (
  state: ThreadsFakeState,
  account: string,
  id: string,
  params: Record<string, string>,
): FakeReply => {
  const post = state.posts.find((candidate) => candidate.id === id);
  if (!post || !readable(state, post, account) || state.settings.unreadablePostReads > 0) {
    if (post && state.settings.unreadablePostReads > 0) state.settings.unreadablePostReads -= 1;
    return doesNotExist('GET', id);
  }
  const fields = fieldsOf(params, MEDIA_FIELDS, 'ThreadsMedia');
  return Array.isArray(fields) ? { status: 200, json: pick(asRead(state, post, account), fields) } : fields;
};

/**
 * `GET /{user-id}/threads` (the account's posts) or `/replies` (its replies), newest first, paged, within `since`
 * and `until` (Unix seconds, as Threads takes them).
 */
export const listThreadsPosts = (
  state: ThreadsFakeState,
  account: string,
  params: Record<string, string>,
  { replies, path }: { replies: boolean; path: string },
): FakeReply => {
  const fields = fieldsOf(params, MEDIA_FIELDS, 'ThreadsMedia');
  if (!Array.isArray(fields)) return fields;
  const since = params.since ? Number(params.since) * 1000 : -Infinity;
  const until = params.until ? Number(params.until) * 1000 : Infinity;
  const posts = state.posts
    .filter((post) => post.owner === account && (post.replied_to !== undefined) === replies)
    .filter((post) => Date.parse(post.timestamp) >= since && Date.parse(post.timestamp) <= until)
    .sort(newestFirst);
  const page = graphPage(posts, params, path);
  return { status: 200, json: { ...page, data: page.data.map((post) => pick(asRead(state, post, account), fields)) } };
};

/**
 * `GET /{media-id}/conversation`: every reply under a post of the account, nested ones too, flattened; newest first
 * unless `reverse=false`; paged by `after`. The post itself is not in it.
 */
export const readThreadsConversation = (
  state: ThreadsFakeState,
  account: string,
  id: string,
  params: Record<string, string>,
  path: string,
): FakeReply => {
  const root = state.posts.find((candidate) => candidate.id === id);
  if (!root || !readable(state, root, account)) return doesNotExist('GET', id);
  const fields = fieldsOf(params, MEDIA_FIELDS, 'ThreadsMedia');
  if (!Array.isArray(fields)) return fields;
  const nested = (post: ThreadsPost): boolean => {
    const parent = state.posts.find((candidate) => candidate.id === post.replied_to);
    return parent !== undefined && (parent.id === root.id || nested(parent));
  };
  const replies = state.posts.filter((post) => post.replied_to !== undefined && nested(post)).sort(newestFirst);
  if (params.reverse === 'false') replies.reverse();
  const page = graphPage(replies, params, path, state.settings.conversationPageSize);
  return { status: 200, json: { ...page, data: page.data.map((post) => pick(asRead(state, post, account), fields)) } };
};

export const insightsOf = (state: ThreadsFakeState, id: string): ThreadsInsights =>
  state.insights.get(id) ?? { views: 0, likes: 0, replies: 0, reposts: 0, quotes: 0, shares: 0 };

/** `GET /{media-id}/insights?metric=…`: a post's lifetime figures, one entry per metric asked. */
export const readThreadsInsights = (
  state: ThreadsFakeState,
  account: string,
  id: string,
  params: Record<string, string>,
): FakeReply => {
  const post = state.posts.find((candidate) => candidate.id === id && candidate.owner === account);
  if (!post) return doesNotExist('GET', id);
  if (!state.settings.canReadInsights) return notPermitted();
  const names = (params.metric ?? '').split(',').filter(Boolean);
  const unknown = names.find((name) => !(name in INSIGHT_TITLES));
  if (names.length === 0 || unknown !== undefined) {
    return graphError(400, {
      message: `(#100) metric[0] must be one of the following values: ${Object.keys(INSIGHT_TITLES).join(', ')}`,
      code: 100,
    });
  }
  const counts = insightsOf(state, id);
  const data = names.map((name) => {
    const metric = name as keyof ThreadsInsights;
    return {
      name: metric,
      period: 'lifetime',
      values: [{ value: counts[metric] }],
      title: INSIGHT_TITLES[metric],
      description: '',
      id: `${id}/insights/${metric}/lifetime`,
    };
  });
  return { status: 200, json: { data } };
};
