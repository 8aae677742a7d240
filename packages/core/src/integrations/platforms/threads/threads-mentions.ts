import type { ThreadsCall } from './threads-requester.ts';
import type { ConversationPage, ConversationPost } from '../common/platform.ts';
import { parseTimeCursor, timeCursorOf } from '../common/time-cursor.ts';

/** How far back the account's own posts are looked at for new replies. */
const POSTS_WINDOW_MS = 7 * 86_400_000;
/** The account's posts looked at per look, newest first (one conversation read each, more when it pages). */
const RECENT_POSTS = '25';
/** Replies read per look at most: a long outage catches up on about this many, as the other platforms do. */
const MAX_READ = 1000;
const REPLY_FIELDS =
  'id,text,username,permalink,timestamp,root_post,replied_to,is_reply,hide_status,is_reply_owned_by_me';
/** Replies the account's owner has not hidden (HIDDEN), nor Threads' filters covered, blocked or restricted. */
const VISIBLE = new Set(['NOT_HUSHED', 'UNHUSHED']);

type Reply = {
  id?: string;
  text?: string;
  username?: string;
  permalink?: string;
  timestamp?: string;
  root_post?: { id?: string };
  replied_to?: { id?: string };
  hide_status?: string;
  is_reply_owned_by_me?: boolean;
};
type Page<T> = { data?: T[]; paging?: { cursors?: { after?: string }; next?: string } };
type Seen = { reply: Reply & { id: string; timestamp: string }; rootId: string };

/**
 * Where a look got to: the newest reply's time and the ids of every reply at that second (`{time}|{id},{id}`).
 * Threads' timestamps are whole seconds, so a later look that meets that second again skips only those ids.
 */
type Cursor = { time: number; ids: string[] };
const parseCursor = (sinceId: string | undefined): Cursor | undefined => {
  const parsed = parseTimeCursor(sinceId);
  return parsed && { time: parsed.time, ids: (parsed.id ?? '').split(',').filter(Boolean) };
};
const isAfter = (cursor: Cursor | undefined, reply: Reply & { id: string; timestamp: string }) => {
  const at = Date.parse(reply.timestamp);
  return !cursor || at > cursor.time || (at === cursor.time && !cursor.ids.includes(reply.id));
};
const byTime = (a: Seen, b: Seen) =>
  Date.parse(a.reply.timestamp) - Date.parse(b.reply.timestamp) || (BigInt(a.reply.id) > BigInt(b.reply.id) ? 1 : -1);

const isUsable = (reply: Reply): reply is Reply & { id: string; timestamp: string } =>
  typeof reply.id === 'string' && /^\d+$/.test(reply.id) && !Number.isNaN(Date.parse(reply.timestamp ?? ''));

const profileUrl = (username: string) => `https://www.threads.net/@${username}`;

/** The account's posts of the last week, newest first, and its username (as its own posts name it). */
const readRecentPosts = async (call: ThreadsCall, accountId: string, now: Date) => {
  const body = (await call({
    method: 'GET',
    path: `/${encodeURIComponent(accountId)}/threads`,
    query: {
      fields: 'id,username,timestamp',
      since: String(Math.floor((now.getTime() - POSTS_WINDOW_MS) / 1000)),
      limit: RECENT_POSTS,
    },
    what: 'the request for the account’s recent posts',
  })) as Page<{ id?: string; username?: string }> | undefined;
  const posts = (body?.data ?? []).filter((post) => typeof post.id === 'string' && /^\d+$/.test(post.id));
  return { postIds: posts.map((post) => post.id as string), username: posts.find((post) => post.username)?.username };
};

/**
 * The replies people wrote under the account's posts of the last week (`GET /{media-id}/conversation`, nested ones
 * too) since the last look, oldest first, and where this look got to. Each conversation is read newest first, page by
 * page back to the cursor (on a first look to `notBefore`; one page when neither is known), up to about 1,000 replies.
 * The account's own replies, and replies hidden from its posts, are not for answering. Throws PlatformError.
 */
export const findThreadsMentions = async (
  call: ThreadsCall,
  { accountId, sinceId, notBefore }: { accountId: string; sinceId?: string; notBefore?: Date },
  now = new Date(),
): Promise<ConversationPage> => {
  const since = parseCursor(sinceId) ?? (notBefore && { time: notBefore.getTime(), ids: [] });
  const { postIds, username: ownUsername } = await readRecentPosts(call, accountId, now);
  const seen: Seen[] = [];
  const authors = new Map<string, string | undefined>();
  let budget = MAX_READ;
  for (const rootId of postIds) {
    let after: string | undefined;
    while (budget > 0) {
      const page = (await call({
        method: 'GET',
        path: `/${rootId}/conversation`,
        query: { fields: REPLY_FIELDS, reverse: 'true', ...(after && { after }) },
        what: 'the request for the replies to the account’s posts',
      })) as Page<Reply> | undefined;
      const replies = (page?.data ?? []).filter(isUsable);
      // Threads may answer an empty page that still has a next one: it costs a read all the same.
      budget -= Math.max(replies.length, 1);
      for (const reply of replies) {
        authors.set(
          reply.id,
          reply.is_reply_owned_by_me || reply.username === ownUsername ? accountId : reply.username,
        );
      }
      const newer = replies.filter((reply) => isAfter(since, reply));
      seen.push(...newer.map((reply) => ({ reply, rootId })));
      const next = page?.paging?.next ? page.paging.cursors?.after : undefined;
      if (!since || newer.length < replies.length || !next || next === after) break;
      after = next;
    }
  }
  seen.sort(byTime);
  const posts = seen
    .map(({ reply, rootId }) => asPost(reply, rootId, { accountId, authors }))
    .filter((post) => post !== undefined);
  const newestId = newestCursor(seen, since) ?? sinceId;
  return newestId ? { posts, newestId } : { posts };
};

const asPost = (
  reply: Reply & { id: string; timestamp: string },
  rootId: string,
  { accountId, authors }: { accountId: string; authors: Map<string, string | undefined> },
): ConversationPost | undefined => {
  const { username } = reply;
  // Threads names the author of a private profile's reply to nobody but that profile: nobody to answer by name.
  if (!username || authors.get(reply.id) === accountId) return undefined;
  if (reply.hide_status !== undefined && !VISIBLE.has(reply.hide_status)) return undefined;
  const parentId = reply.replied_to?.id ?? rootId;
  const parentAuthor = parentId === rootId ? accountId : authors.get(parentId);
  return {
    postId: reply.id,
    url: reply.permalink || profileUrl(username),
    text: reply.text ?? '',
    authorId: username,
    authorUsername: username,
    authorUrl: profileUrl(username),
    conversationId: reply.root_post?.id ?? rootId,
    createdAt: new Date(Date.parse(reply.timestamp)),
    isReply: true,
    inReplyToPostId: parentId,
    ...(parentAuthor && { inReplyToUserId: parentAuthor }),
  };
};

/** The cursor after this look: the newest second seen and its ids (with the old cursor's when it is that second). */
const newestCursor = (seen: Seen[], since: Cursor | undefined) => {
  const newest = seen.at(-1);
  if (!newest) return undefined;
  const time = Date.parse(newest.reply.timestamp);
  const ids = seen.filter(({ reply }) => Date.parse(reply.timestamp) === time).map(({ reply }) => reply.id);
  const kept = since?.time === time ? since.ids : [];
  return timeCursorOf(new Date(time).toISOString(), [...new Set([...kept, ...ids])].join(','));
};
