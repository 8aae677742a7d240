import { nextId, type MastodonFakeAccount, type MastodonFakeStatus } from './mastodon-fake-common.ts';
import { mastodonContentHtml } from './mastodon-fake-pages.ts';
import type { FakeReply, RouteContext } from './platform-fake-kit.ts';

export type MastodonFakeNotification = { id: string; accountId: string; statusId: string; createdAt: Date };

/** Notification ids grow as Mastodon's snowflakes do: compared as numbers. */
const newer = (a: string, b: string) => BigInt(a) > BigInt(b);

/**
 * The people who talk to the instance's accounts: a status by another account that names one (`@username`, with or
 * without the instance's domain) notifies it of a mention, as Mastodon does (its apps start a reply with the
 * handle of who it answers). `GET /api/v1/notifications` lists them newest first, with `types[]`, `limit` (40, at
 * most 80) and the `since_id`, `min_id` and `max_id` pages Mastodon documents.
 */
export const createMastodonConversations = ({
  accounts,
  statuses,
}: {
  accounts: Map<string, MastodonFakeAccount>;
  statuses: MastodonFakeStatus[];
}) => {
  const notifications: MastodonFakeNotification[] = [];

  const notifyMentions = (status: MastodonFakeStatus) => {
    for (const account of accounts.values()) {
      if (account.id === status.accountId) continue;
      if (!new RegExp(`(^|[^\\w@])@${account.username}(?![\\w])`, 'i').test(status.text)) continue;
      notifications.push({ id: nextId(), accountId: account.id, statusId: status.id, createdAt: new Date() });
    }
  };

  /** Another account posts, as if from its own app; mentions in the text notify their accounts. */
  const seedStatus = (
    author: MastodonFakeAccount,
    { text, inReplyToId = null }: { text: string; inReplyToId?: string | null },
  ) => {
    const status: MastodonFakeStatus = {
      id: nextId(),
      accountId: author.id,
      text,
      content: mastodonContentHtml(text),
      visibility: 'public',
      inReplyToId,
      media: [],
      createdAt: new Date(),
      counts: { favourites: 0, reblogs: 0, replies: 0 },
    };
    statuses.push(status);
    notifyMentions(status);
    return status;
  };

  const listNotifications = (
    { request }: RouteContext,
    account: MastodonFakeAccount,
    statusJson: (status: MastodonFakeStatus) => unknown,
    accountJson: (account: MastodonFakeAccount) => unknown,
  ): FakeReply => {
    const params = new URL(request.url, 'http://fake').searchParams;
    const types = params.getAll('types[]');
    const limit = Math.min(Number(params.get('limit') ?? 40) || 40, 80);
    const [sinceId, minId, maxId] = ['since_id', 'min_id', 'max_id'].map((name) => params.get(name));
    let mine = notifications
      .filter((item) => item.accountId === account.id && (types.length === 0 || types.includes('mention')))
      .filter((item) => (!sinceId || newer(item.id, sinceId)) && (!maxId || newer(maxId, item.id)));
    // min_id pages forward from it (the oldest newer ones); the others page back from the newest.
    if (minId)
      mine = mine
        .filter((item) => newer(item.id, minId))
        .slice(0, limit)
        .reverse();
    else mine = mine.reverse().slice(0, limit);
    return {
      status: 200,
      json: mine.flatMap((item) => {
        const status = statuses.find((each) => each.id === item.statusId);
        const author = status && accounts.get(status.accountId);
        if (!status || !author) return [];
        return [
          {
            id: item.id,
            type: 'mention',
            created_at: item.createdAt.toISOString(),
            account: accountJson(author),
            status: statusJson(status),
          },
        ];
      }),
    };
  };

  /** `GET /api/v1/statuses/:id/context`: the statuses it answers (oldest first) and the replies to it. */
  const context = (statusId: string, statusJson: (status: MastodonFakeStatus) => unknown): FakeReply => {
    const status = statuses.find((each) => each.id === statusId);
    if (!status) return { status: 404, json: { error: 'Record not found' } };
    const ancestors: MastodonFakeStatus[] = [];
    for (let parentId = status.inReplyToId; parentId;) {
      const parent = statuses.find((each) => each.id === parentId);
      if (!parent) break;
      ancestors.unshift(parent);
      parentId = parent.inReplyToId;
    }
    const descendants = statuses.filter((each) => each.inReplyToId === statusId);
    return { status: 200, json: { ancestors: ancestors.map(statusJson), descendants: descendants.map(statusJson) } };
  };

  return { notifications, notifyMentions, seedStatus, listNotifications, context };
};
