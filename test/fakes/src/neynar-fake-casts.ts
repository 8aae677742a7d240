import { createHash, randomBytes } from 'node:crypto';
import type { FakeReply, RecordedRequest } from './platform-fake-kit.ts';

export type NeynarFakeCast = {
  hash: string;
  fid: number;
  username: string;
  text: string;
  embeds: { url: string }[];
  parent: string | null;
  channelId: string | null;
  idem: string | null;
  timestamp: string;
  reactions: { likes: number; recasts: number; replies: number };
};

// Strictly increasing, so two casts in one millisecond keep their order in notifications.
let lastTimestamp = 0;

/** A new cast on the network, as Neynar stores it: a fresh hash, now. */
export const newFakeCast = (
  cast: Pick<NeynarFakeCast, 'fid' | 'username' | 'text'> & Partial<NeynarFakeCast>,
): NeynarFakeCast => {
  lastTimestamp = Math.max(Date.now(), lastTimestamp + 1);
  return {
    hash: `0x${createHash('sha1').update(randomBytes(16)).digest('hex')}`,
    embeds: [],
    parent: null,
    channelId: null,
    idem: null,
    timestamp: new Date(lastTimestamp).toISOString(),
    reactions: { likes: 0, recasts: 0, replies: 0 },
    ...cast,
  };
};

/** A cast as Neynar's v2 API shows it. */
export const castJson = (cast: NeynarFakeCast) => ({
  object: 'cast',
  hash: cast.hash,
  author: { object: 'user', fid: cast.fid, username: cast.username, display_name: cast.username },
  text: cast.text,
  timestamp: cast.timestamp,
  embeds: cast.embeds,
  parent_hash: cast.parent,
  channel: cast.channelId && { id: cast.channelId },
  reactions: { likes_count: cast.reactions.likes, recasts_count: cast.reactions.recasts },
  replies: { count: cast.reactions.replies },
});

/** Why `fid` is notified of this cast, in Neynar's words, or undefined when it is not. */
const notificationType = (cast: NeynarFakeCast, fid: number, username: string | undefined, casts: NeynarFakeCast[]) => {
  if (cast.fid === fid) return undefined;
  if (cast.parent && casts.find((each) => each.hash === cast.parent)?.fid === fid) return 'reply';
  if (username && new RegExp(`(^|[^\\w@])@${username}(?![\\w.-])`, 'i').test(cast.text)) return 'mention';
  return undefined;
};

/**
 * GET /v2/farcaster/notifications over the fake's casts: the account's mentions (`@username` in a cast's text, which
 * Neynar turns into mentions when it publishes) and replies to its casts, newest first; `type` (comma separated:
 * mentions, replies), `limit` (at most 25) and `cursor` into older ones, as Neynar pages them.
 */
export const listNeynarNotifications = (
  request: RecordedRequest,
  { casts, usernames }: { casts: NeynarFakeCast[]; usernames: Map<number, string> },
): FakeReply => {
  const fid = Number(request.query.fid);
  const types = (request.query.type ?? '').split(',').filter(Boolean);
  const wanted = (type: string) => types.length === 0 || types.includes(type === 'mention' ? 'mentions' : 'replies');
  const limit = Math.min(Number(request.query.limit ?? 15) || 15, 25);
  const offset = Number(request.query.cursor ?? 0);
  const all = casts
    .map((cast) => ({ cast, type: notificationType(cast, fid, usernames.get(fid), casts) }))
    .filter((item): item is { cast: NeynarFakeCast; type: string } => item.type !== undefined && wanted(item.type))
    .reverse();
  const page = all.slice(offset, offset + limit);
  return {
    status: 200,
    json: {
      notifications: page.map(({ cast, type }) => ({
        object: 'notification',
        most_recent_timestamp: cast.timestamp,
        type,
        seen: false,
        cast: castJson(cast),
      })),
      next: { cursor: offset + limit < all.length ? String(offset + limit) : null },
    },
  };
};

/**
 * GET /v2/farcaster/cast/conversation by hash: the cast and, with `include_chronological_parent_casts`, the casts it
 * answers up to the thread's root, oldest first (replies below it are not served: `reply_depth` 0 is all this
 * app asks for).
 */
export const castConversation = (request: RecordedRequest, casts: NeynarFakeCast[]): FakeReply => {
  const cast = casts.find((each) => each.hash === request.query.identifier);
  if (!cast) return { status: 404, json: { code: 'NotFound', message: 'Cast not found' } };
  const parents: NeynarFakeCast[] = [];
  for (let parent = cast.parent; parent;) {
    const found = casts.find((each) => each.hash === parent);
    if (!found) break;
    parents.unshift(found);
    parent = found.parent;
  }
  return {
    status: 200,
    json: {
      conversation: {
        cast: { ...castJson(cast), direct_replies: [] },
        ...(request.query.include_chronological_parent_casts === 'true' && {
          chronological_parent_casts: parents.map(castJson),
        }),
      },
    },
  };
};
