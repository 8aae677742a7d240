import { absoluteFacebookUrl } from './facebook-permalink.ts';
import type { FacebookCall } from './facebook-requester.ts';
import type { ConversationPage, ConversationPost } from '../common/platform.ts';
import { isAfterCursor, parseTimeCursor, timeCursorOf, type TimeCursor } from '../common/time-cursor.ts';

/** The Page's posts whose comments are read: the latest this many, of the last week. */
const RECENT_POSTS = 25;
const RECENT_DAYS_MS = 7 * 86_400_000;
/** Comments a request answers. */
const PAGE_SIZE = 50;
/** Comments read back at most per look, over every post: a long outage catches up on the latest 1,000. */
const MAX_COMMENTS = 1000;

export const COMMENT_FIELDS = 'id,message,from{id,name},created_time,permalink_url,parent{id}';
const READ_COMMENTS = 'pages_read_user_content';

export type FacebookComment = {
  id?: string;
  message?: string;
  from?: { id?: string; name?: string };
  created_time?: string;
  permalink_url?: string;
  parent?: { id?: string };
};
type Listing<T> = { data?: T[]; paging?: { cursors?: { after?: string }; next?: string } };

const recentPostIds = async (call: FacebookCall, pageId: string, now: number) => {
  const body = (await call({
    method: 'GET',
    path: `/${pageId}/posts`,
    query: { fields: 'id,created_time', limit: String(RECENT_POSTS) },
    what: "the request for the Page's recent posts",
    permission: 'pages_read_engagement',
  })) as Listing<{ id?: string; created_time?: string }> | undefined;
  return (body?.data ?? [])
    .filter((post) => Date.parse(post.created_time ?? '') >= now - RECENT_DAYS_MS)
    .flatMap((post) => (post.id ? [post.id] : []));
};

/**
 * One post's comments, replies among them (`filter=stream`), newest first, page by page back to the cursor: without
 * one, the newest page only. `budget`: how many more may be read this look.
 */
const readComments = async (call: FacebookCall, postId: string, since: TimeCursor | undefined, budget: number) => {
  const seen: FacebookComment[] = [];
  let after: string | undefined;
  while (seen.length < budget) {
    const body = (await call({
      method: 'GET',
      path: `/${postId}/comments`,
      query: {
        filter: 'stream',
        order: 'reverse_chronological',
        fields: COMMENT_FIELDS,
        limit: String(PAGE_SIZE),
        ...(after && { after }),
      },
      what: "the request for the comments on the Page's posts",
      permission: READ_COMMENTS,
    })) as Listing<FacebookComment> | undefined;
    const comments = body?.data ?? [];
    const newer = comments.filter((item) => isAfterCursor(since, item.created_time ?? '', item.id ?? ''));
    seen.push(...newer);
    after = body?.paging?.next ? body.paging.cursors?.after : undefined;
    if (!since || newer.length < comments.length || !after) break;
  }
  return seen.slice(0, budget);
};

/** A comment's own link, or one Facebook opens at the comment when Graph gave none. */
const commentUrl = (comment: FacebookComment, postId: string) => {
  if (comment.permalink_url) return absoluteFacebookUrl(comment.permalink_url);
  const [page, post] = postId.split('_');
  const commentPart = (comment.id ?? '').split('_').at(-1);
  return `https://www.facebook.com/${page}/posts/${post ?? page}?comment_id=${commentPart}`;
};

const asPost = (
  comment: FacebookComment,
  { postId, pageId, authors }: { postId: string; pageId: string; authors: Map<string, string> },
): ConversationPost | undefined => {
  const { id, message, from, created_time: createdTime } = comment;
  // Graph leaves `from` out where it may not name the person: there is nobody to answer by name.
  if (!id || typeof message !== 'string' || !from?.id || !from.name || !createdTime) return undefined;
  const parentId = comment.parent?.id;
  const parentAuthor = parentId ? authors.get(parentId) : pageId;
  return {
    postId: id,
    url: commentUrl(comment, postId),
    text: message,
    authorId: from.id,
    // Facebook has no handles: people are known by their names, which is what a reply addresses them as.
    authorUsername: from.name,
    authorName: from.name,
    conversationId: postId,
    createdAt: new Date(Date.parse(createdTime)),
    // Every comment answers something: the Page's post (as a reply to the account's own post reads elsewhere), or
    // the comment above it.
    isReply: true,
    inReplyToPostId: parentId ?? postId,
    ...(parentAuthor && { inReplyToUserId: parentAuthor }),
  };
};

/**
 * What people wrote to the Page: the comments of others on its recent posts since the last look, oldest first, and
 * where this look got to (the newest comment's time and id, over every post). A first look reads back to
 * `notBefore` as a later one reads back to its cursor. Throws PlatformError.
 */
export const findFacebookMentions = async (
  call: FacebookCall,
  pageId: string,
  { sinceId, notBefore }: { sinceId?: string; notBefore?: Date },
  now = Date.now(),
): Promise<ConversationPage> => {
  const since = parseTimeCursor(sinceId) ?? (notBefore && { time: notBefore.getTime(), id: undefined });
  const posts: ConversationPost[] = [];
  let newest: FacebookComment | undefined;
  let read = 0;
  for (const postId of await recentPostIds(call, pageId, now)) {
    if (read >= MAX_COMMENTS) break;
    const comments = await readComments(call, postId, since, MAX_COMMENTS - read);
    read += comments.length;
    const authors = new Map(
      comments.flatMap((item): [string, string][] => (item.id && item.from?.id ? [[item.id, item.from.id]] : [])),
    );
    for (const comment of comments) {
      const at = Date.parse(comment.created_time ?? '');
      if (!newest || at > Date.parse(newest.created_time ?? '')) newest = comment;
      if (comment.from?.id === pageId) continue;
      const post = asPost(comment, { postId, pageId, authors });
      if (post) posts.push(post);
    }
  }
  posts.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.postId.localeCompare(b.postId));
  const newestId = newest?.id && newest.created_time ? timeCursorOf(newest.created_time, newest.id) : sinceId;
  return newestId ? { posts, newestId } : { posts };
};
