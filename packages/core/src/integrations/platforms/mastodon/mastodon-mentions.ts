import type { ConversationPage, ConversationPost } from '../common/platform.ts';
import { mastodonContentText, mastodonStatusUrl } from './mastodon-reads.ts';
import type { MastodonRequester } from './mastodon-requester.ts';

/** Notifications a request answers (Mastodon's default page; it allows 80). */
const PAGE_SIZE = 40;
/** Pages read forward at most per look: a long outage catches up on 200 mentions at a time, oldest first. */
const MAX_PAGES = 5;
/** Pages a first look reads back to its `notBefore` at most (1,000 mentions): the rest of a larger burst is history. */
const MAX_FIRST_LOOK_PAGES = 25;

type Notification = {
  id?: unknown;
  type?: unknown;
  created_at?: unknown;
  status?: {
    id?: unknown;
    url?: unknown;
    uri?: unknown;
    content?: unknown;
    created_at?: unknown;
    in_reply_to_id?: unknown;
    in_reply_to_account_id?: unknown;
    account?: { id?: unknown; acct?: unknown; display_name?: unknown; url?: unknown };
  } | null;
};

/**
 * Ids as the instance orders them: Mastodon's are numbers in a string (compared as numbers), compatible servers'
 * (GoToSocial) are ULIDs (compared as text).
 */
const isNewer = (a: string, b: string) => (/^\d+$/.test(a) && /^\d+$/.test(b) ? BigInt(a) > BigInt(b) : a > b);

const asPost = (notification: Notification): ConversationPost | undefined => {
  const status = notification.status;
  const author = status?.account;
  const url = status && mastodonStatusUrl(status);
  if (
    notification.type !== 'mention' ||
    typeof status?.id !== 'string' ||
    typeof status.content !== 'string' ||
    typeof author?.id !== 'string' ||
    typeof author.acct !== 'string' ||
    !url
  )
    return undefined;
  const inReplyTo = typeof status.in_reply_to_id === 'string' ? status.in_reply_to_id : undefined;
  const createdAt = new Date(String(status.created_at));
  return {
    postId: status.id,
    url,
    text: mastodonContentText(status.content),
    authorId: author.id,
    // `alice` on the account's own instance, `alice@example.social` elsewhere: what a reply mentions.
    authorUsername: author.acct,
    ...(typeof author.display_name === 'string' && author.display_name && { authorName: author.display_name }),
    ...(typeof author.url === 'string' && /^https?:\/\//.test(author.url) && { authorUrl: author.url }),
    conversationId: inReplyTo ?? status.id,
    createdAt: Number.isNaN(createdAt.getTime()) ? new Date() : createdAt,
    isReply: inReplyTo !== undefined,
    ...(inReplyTo && { inReplyToPostId: inReplyTo }),
    ...(typeof status.in_reply_to_account_id === 'string' && { inReplyToUserId: status.in_reply_to_account_id }),
  };
};

const idsOf = (notifications: Notification[]) =>
  notifications.map((item) => item.id).filter((id): id is string => typeof id === 'string');
const newestOf = (ids: string[], start?: string) =>
  ids.reduce<string | undefined>((best, id) => (best === undefined || isNewer(id, best) ? id : best), start);

/**
 * A first look: the newest page, then older ones (`max_id`) until a mention older than `notBefore` (or one page
 * when there is no `notBefore`).
 */
const readBack = async (call: MastodonRequester, notBefore: Date | undefined) => {
  const seen: Notification[] = [];
  let maxId: string | undefined;
  for (let page = 0; page < MAX_FIRST_LOOK_PAGES; page += 1) {
    const notifications = await readPage(call, maxId ? { max_id: maxId } : {});
    const recent = notifications.filter(
      (item) => !notBefore || Date.parse(String(item.created_at)) >= notBefore.getTime(),
    );
    seen.push(...recent);
    const ids = idsOf(notifications);
    maxId = ids.reduce<string | undefined>(
      (oldest, id) => (oldest === undefined || isNewer(oldest, id) ? id : oldest),
      undefined,
    );
    if (!notBefore || recent.length < notifications.length || notifications.length < PAGE_SIZE || !maxId) break;
  }
  return seen;
};

/** Later looks: forward from the newest notification seen (`min_id`), so an outage catches up oldest first. */
const readForward = async (call: MastodonRequester, sinceId: string) => {
  const seen: Notification[] = [];
  let cursor = sinceId;
  for (let page = 0; page < MAX_PAGES; page += 1) {
    const notifications = await readPage(call, { min_id: cursor });
    seen.push(...notifications);
    const previous = cursor;
    cursor = newestOf(idsOf(notifications), previous) ?? previous;
    if (notifications.length < PAGE_SIZE || cursor === previous) break;
  }
  return seen;
};

const readPage = async (call: MastodonRequester, position: { min_id?: string; max_id?: string }) => {
  const { body } = await call({
    method: 'GET',
    path: '/api/v1/notifications',
    query: { 'types[]': ['mention'], limit: String(PAGE_SIZE), ...position },
    what: 'the request for the account’s mentions',
  });
  return (Array.isArray(body) ? body : []) as Notification[];
};

/**
 * The statuses that mention the account (replies to its posts mention it too: Mastodon's apps start a reply with
 * the handle it answers) since the last look, oldest first. `sinceId` is the newest notification seen: the look
 * pages forward from it (`min_id`), so an outage catches up instead of skipping to the newest page; a first look
 * reads back to `notBefore`. Throws PlatformError.
 */
export const findMastodonMentions = async (
  call: MastodonRequester,
  { sinceId, notBefore }: { sinceId?: string; notBefore?: Date },
): Promise<ConversationPage> => {
  const seen = sinceId ? await readForward(call, sinceId) : await readBack(call, notBefore);
  const newest = newestOf(idsOf(seen), sinceId);
  const posts = seen
    .map(asPost)
    .filter((post) => post !== undefined)
    .sort((a, b) => (isNewer(a.postId, b.postId) ? 1 : -1));
  return newest ? { posts, newestId: newest } : { posts };
};

export const findMastodonThread = async (call: MastodonRequester, statusId: string, limit: number) => {
  const { body } = await call({
    method: 'GET',
    path: `/api/v1/statuses/${encodeURIComponent(statusId)}/context`,
    what: 'the request for the conversation',
  });
  const ancestors = ((body as { ancestors?: unknown } | undefined)?.ancestors ?? []) as Notification['status'][];
  return (Array.isArray(ancestors) ? ancestors : [])
    .slice(-limit)
    .flatMap((status) =>
      typeof status?.content === 'string' && typeof status.account?.acct === 'string'
        ? [{ authorUsername: status.account.acct, text: mastodonContentText(status.content) }]
        : [],
    );
};
