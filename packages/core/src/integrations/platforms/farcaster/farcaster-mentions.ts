import type { ConversationPage, ConversationPost } from '../common/platform.ts';
import { isAfterCursor, parseTimeCursor, timeCursorOf } from '../common/time-cursor.ts';
import type { NeynarRequester } from './neynar-requester.ts';

/** Neynar's most notifications a request (its `limit` maximum). */
const PAGE_SIZE = 25;
/** Pages read back at most per look: a long outage catches up on the latest 200 mentions and replies. */
const MAX_PAGES = 40;

type NotificationCast = {
  hash?: unknown;
  text?: unknown;
  timestamp?: unknown;
  parent_hash?: unknown;
  thread_hash?: unknown;
  parent_author?: { fid?: unknown } | null;
  author?: { fid?: unknown; username?: unknown; display_name?: unknown };
};
type Notification = { type?: unknown; most_recent_timestamp?: unknown; cast?: NotificationCast };

const timeOf = (cast: NotificationCast) => Date.parse(String(cast.timestamp));

const asPost = ({ cast }: Notification): ConversationPost | undefined => {
  if (
    !cast ||
    typeof cast.hash !== 'string' ||
    typeof cast.text !== 'string' ||
    typeof cast.author?.fid !== 'number' ||
    typeof cast.author.username !== 'string'
  )
    return undefined;
  const parent = typeof cast.parent_hash === 'string' ? cast.parent_hash : undefined;
  const parentAuthor = cast.parent_author?.fid;
  return {
    postId: cast.hash,
    url: `https://farcaster.xyz/${cast.author.username}/${cast.hash.slice(0, 10)}`,
    text: cast.text,
    authorId: String(cast.author.fid),
    authorUsername: cast.author.username,
    ...(typeof cast.author.display_name === 'string' && { authorName: cast.author.display_name }),
    authorUrl: `https://farcaster.xyz/${cast.author.username}`,
    conversationId: typeof cast.thread_hash === 'string' ? cast.thread_hash : cast.hash,
    createdAt: new Date(Number.isNaN(timeOf(cast)) ? Date.now() : timeOf(cast)),
    isReply: parent !== undefined,
    ...(parent && { inReplyToPostId: parent }),
    ...(typeof parentAuthor === 'number' && { inReplyToUserId: String(parentAuthor) }),
  };
};

/**
 * The casts that mention the account or answer its casts since the last look (Neynar's notifications of types
 * mentions and replies), oldest first, and where this look got to. Throws PlatformError.
 */
export const findFarcasterMentions = async (
  call: NeynarRequester,
  fid: string,
  { sinceId, notBefore }: { sinceId?: string; notBefore?: Date },
): Promise<ConversationPage> => {
  // A first look reads back to `notBefore` as a later one reads back to its cursor.
  const since = parseTimeCursor(sinceId) ?? (notBefore && { time: notBefore.getTime(), id: undefined });
  const seen: Notification[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < MAX_PAGES; page += 1) {
    const { body } = await call({
      method: 'GET',
      path: '/v2/farcaster/notifications',
      query: { fid, type: 'mentions,replies', limit: String(PAGE_SIZE), ...(cursor && { cursor }) },
      what: 'the request for the account’s mentions and replies',
    });
    const answer = (body ?? {}) as { notifications?: Notification[]; next?: { cursor?: unknown } };
    const notifications = (answer.notifications ?? []).filter((item) => item.cast);
    const newer = notifications.filter((item) =>
      isAfterCursor(since, String(item.cast?.timestamp), String(item.cast?.hash)),
    );
    seen.push(...newer);
    const next = typeof answer.next?.cursor === 'string' ? answer.next.cursor : undefined;
    if (!since || newer.length < notifications.length || !next) break;
    cursor = next;
  }
  const newest = seen[0]?.cast;
  const posts = seen
    .filter((item) => item.type === 'mention' || item.type === 'reply')
    .map(asPost)
    .filter((post) => post !== undefined)
    .reverse();
  const newestId = newest ? timeCursorOf(String(newest.timestamp), String(newest.hash)) : sinceId;
  return newestId ? { posts, newestId } : { posts };
};

/**
 * The casts a cast answers, up to its thread's root, oldest first: Neynar's conversation of the cast with its
 * chronological parent casts and no replies below it.
 */
export const findFarcasterThread = async (call: NeynarRequester, hash: string, limit: number) => {
  const { body } = await call({
    method: 'GET',
    path: '/v2/farcaster/cast/conversation',
    query: { identifier: hash, type: 'hash', reply_depth: '0', include_chronological_parent_casts: 'true' },
    what: 'the request for the conversation',
  });
  const parents =
    (body as { conversation?: { chronological_parent_casts?: NotificationCast[] } } | undefined)?.conversation
      ?.chronological_parent_casts ?? [];
  return parents
    .slice(-limit)
    .flatMap((cast) =>
      typeof cast.text === 'string' && typeof cast.author?.username === 'string'
        ? [{ authorUsername: cast.author.username, text: cast.text }]
        : [],
    );
};
