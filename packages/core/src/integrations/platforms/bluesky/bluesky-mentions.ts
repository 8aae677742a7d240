import type { ConversationPage, ConversationPost } from '../common/platform.ts';
import { isAfterCursor, parseTimeCursor, timeCursorOf } from '../common/time-cursor.ts';
import { blueskyPostUrl, parseBlueskyPostUri } from './bluesky-post-ref.ts';
import type { BlueskyRequester } from './bluesky-requester.ts';

/** What an agent answers on Bluesky: posts that mention its handle, and replies to its posts. */
const ADDRESSING_REASONS = ['mention', 'reply'];
/** Notifications a request answers (Bluesky's most). */
const PAGE_SIZE = 100;
/** Pages read back at most per look: a long outage catches up on the latest 300 notifications. */
const MAX_PAGES = 10;

type Notification = {
  uri: string;
  reason: string;
  indexedAt: string;
  author: { did: string; handle: string; displayName?: string };
  record: unknown;
};

const asPost = (notification: Notification): ConversationPost | undefined => {
  const ref = parseBlueskyPostUri(notification.uri);
  const record = (notification.record ?? {}) as {
    text?: unknown;
    createdAt?: unknown;
    reply?: { root?: { uri?: unknown }; parent?: { uri?: unknown } };
  };
  if (!ref || typeof record.text !== 'string') return undefined;
  const parentUri = typeof record.reply?.parent?.uri === 'string' ? record.reply.parent.uri : undefined;
  const rootUri = typeof record.reply?.root?.uri === 'string' ? record.reply.root.uri : undefined;
  const createdAt = Date.parse(typeof record.createdAt === 'string' ? record.createdAt : notification.indexedAt);
  return {
    postId: notification.uri,
    url: blueskyPostUrl(ref),
    text: record.text,
    authorId: notification.author.did,
    authorUsername: notification.author.handle,
    ...(notification.author.displayName && { authorName: notification.author.displayName }),
    authorUrl: `https://bsky.app/profile/${notification.author.handle}`,
    conversationId: rootUri ?? notification.uri,
    createdAt: new Date(Number.isNaN(createdAt) ? Date.parse(notification.indexedAt) : createdAt),
    isReply: parentUri !== undefined,
    ...(parentUri && { inReplyToPostId: parentUri, inReplyToUserId: parseBlueskyPostUri(parentUri)?.repo }),
  };
};

/**
 * The posts that addressed the account since the last look (`app.bsky.notification.listNotifications`, mentions and
 * replies), oldest first, and where this look got to. Throws PlatformError.
 */
export const findBlueskyMentions = async (
  call: BlueskyRequester,
  { sinceId, notBefore }: { sinceId?: string; notBefore?: Date },
): Promise<ConversationPage> => {
  // A first look reads back to `notBefore` as a later one reads back to its cursor.
  const since = parseTimeCursor(sinceId) ?? (notBefore && { time: notBefore.getTime(), id: undefined });
  const seen: Notification[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < MAX_PAGES; page += 1) {
    const { data } = await call({ what: 'the request for the account’s notifications' }, (agent) =>
      agent.app.bsky.notification.listNotifications({ limit: PAGE_SIZE, reasons: ADDRESSING_REASONS, cursor }),
    );
    const notifications = data.notifications as Notification[];
    const newer = notifications.filter((item) => isAfterCursor(since, item.indexedAt, item.uri));
    seen.push(...newer);
    if (!since || newer.length < notifications.length || !data.cursor) break;
    cursor = data.cursor;
  }
  const newest = seen[0];
  const posts = seen
    .filter((item) => ADDRESSING_REASONS.includes(item.reason))
    .map(asPost)
    .filter((post) => post !== undefined)
    .reverse();
  const newestId = newest ? timeCursorOf(newest.indexedAt, newest.uri) : sinceId;
  return newestId ? { posts, newestId } : { posts };
};

type ThreadNode = { post?: { author?: { handle?: unknown }; record?: { text?: unknown } }; parent?: ThreadNode };

/** The posts a post answers, up to its thread's root, oldest first (`app.bsky.feed.getPostThread`). */
export const findBlueskyThread = async (call: BlueskyRequester, uri: string, limit: number) => {
  const { data } = await call({ what: 'the request for the conversation' }, (agent) =>
    agent.app.bsky.feed.getPostThread({ uri, depth: 0, parentHeight: limit }),
  );
  const messages: { authorUsername: string; text: string }[] = [];
  for (let node = (data.thread as ThreadNode).parent; node && messages.length < limit; node = node.parent) {
    const { author, record } = node.post ?? {};
    if (typeof author?.handle === 'string' && typeof record?.text === 'string')
      messages.unshift({ authorUsername: author.handle, text: record.text });
  }
  return messages;
};
