import { createHash } from 'node:crypto';
import type { PostMetrics } from '@agentcast/contracts/analytics';
import { platformTextLength } from '@agentcast/contracts/drafts-constants';
import { metricCount, reportedOnly } from '../common/metric-count.ts';
import {
  PlatformError,
  type ConversationPlatform,
  type MetricsReadLimit,
  type PostMedia,
  type PublishingPlatform,
} from '../common/platform.ts';
import { postTextMatches } from '../common/post-text-matches.ts';
import { settleDeletion } from '../common/settle-deletion.ts';
import { findFarcasterMentions, findFarcasterThread } from './farcaster-mentions.ts';
import { createNeynarRequester } from './neynar-requester.ts';

/**
 * A plain cast holds 320 bytes of text (UTF-8), as the network counts it. The protocol also has long casts (up to
 * 1,024 bytes) and, for Farcaster Pro accounts, 10,000-byte ones, but Neynar's cast endpoint does not document how it
 * picks a cast's type, so every cast stays within the plain limit: longer posts go out as threads.
 */
export const FARCASTER_MAX_BYTES = 320;
/** A text's length as Farcaster counts it against its limit: UTF-8 bytes (an accented letter takes two). */
export const farcasterTextBytes = (text: string) => platformTextLength('farcaster', text);
/** Neynar's cast endpoint takes up to two embeds (maxItems 2; Pro accounts could carry four on the protocol). */
const MAX_EMBEDS = 2;
/** Hashes per bulk cast lookup: Neynar documents no maximum for its comma-separated list, so a modest one. */
const METRICS_BATCH = 25;
/**
 * Neynar's Starter plan allows 300 requests a minute per endpoint and 500 across all of them, for the whole key: every
 * account of this server shares it, and publishing and reconciling draw on the same allowance, so reading takes 60.
 */
const METRICS_LIMIT: MetricsReadLimit = { requests: 60, windowMs: 60_000, per: 'app' };
const CAST_HASH = /^0x[0-9a-f]{40}$/i;

type Cast = { hash?: unknown; text?: unknown; timestamp?: unknown; author?: { username?: unknown } };

/** The cast's page on farcaster.xyz: under its author's name when known, else by the conversation's hash. */
const castUrl = (hash: string, username: unknown) =>
  typeof username === 'string' && username
    ? `https://farcaster.xyz/${username}/${hash.slice(0, 10)}`
    : `https://farcaster.xyz/~/conversations/${hash}`;

/**
 * A refused cast that named a channel, in words about the channel when Neynar's answer is about it: the channel does
 * not exist, or its hosts do not let this account cast there. Anything else passes through unchanged.
 */
const channelRefusal = (error: unknown, channel: string) =>
  error instanceof PlatformError &&
  error.kind === 'permanent' &&
  (error.status === 400 || error.status === 403 || error.status === 404) &&
  /channel/i.test(error.message)
    ? new PlatformError(
        'farcaster',
        'permanent',
        'rejected',
        `Farcaster refused the cast in /${channel}: the channel does not exist or does not let this account cast there. Change the agent's Farcaster channel, or empty it to cast to the account's own feed.`,
        { status: error.status },
      )
    : error;

/** The images Farcaster can show (by a URL anyone can fetch), and what the person is told about the rest. */
const chooseEmbeds = (media: PostMedia[]) => {
  const notes: string[] = [];
  const urls: string[] = [];
  for (const medium of media) {
    if (medium.kind === 'video')
      notes.push('Farcaster casts from Agentcast carry images only: the video was left out.');
    else if (!medium.publicUrl)
      notes.push('Farcaster shows images from a public address only: an image without one was left out.');
    else urls.push(medium.publicUrl);
  }
  const extra = urls.length - MAX_EMBEDS;
  if (extra > 0)
    notes.push(`Farcaster carries up to two images per cast: ${extra} ${extra === 1 ? 'was' : 'were'} left out.`);
  return { embeds: urls.slice(0, MAX_EMBEDS).map((url) => ({ url })), notes };
};

/**
 * Neynar's idempotency key (`idem`), which it recommends be a 16-character string: the delivery's key hashed to 16 hex
 * characters, the same for every attempt of one delivery's part.
 */
const idemOf = (key: string) => createHash('sha256').update(key).digest('hex').slice(0, 16);

/**
 * Farcaster through Neynar's REST API, over plain fetch as the other fetch-based adapters: exact timeouts and a lost
 * answer told apart from a refusal (the official @neynar/nodejs-sdk wraps the same endpoints in axios and its own
 * errors). The connection's token is the person's approved signer (`signer_uuid`), which acts only with this
 * server's API key; the account is the fid. A cast carries an `idem` derived from the delivery's key, so Neynar
 * answers a repeat with the cast it already made; still, a lost answer stays `unknown` and is reconciled through the
 * account's recent casts, the generic path, because Neynar does not document how long it remembers an `idem` nor
 * whether a timed-out cast reached the network. Threads are replies (`parent`, the previous cast's hash). Mentions
 * and replies to the account come from its notifications, for agents that answer people.
 */
export const createFarcasterPlatform = ({
  baseUrl = 'https://api.neynar.com',
  apiKey,
  timeoutMs,
}: {
  baseUrl?: string;
  apiKey: string;
  timeoutMs: number;
}): PublishingPlatform & ConversationPlatform => {
  const call = createNeynarRequester({ baseUrl, apiKey, timeoutMs });
  const hashOf = (what: string, postId: string) => {
    if (!CAST_HASH.test(postId))
      throw new PlatformError(
        'farcaster',
        'permanent',
        'rejected',
        `Farcaster cannot ${what} "${postId}": it is not a cast hash.`,
      );
    return postId;
  };

  return {
    id: 'farcaster',
    name: 'Farcaster',
    maxTextLength: FARCASTER_MAX_BYTES,
    supportsReplies: true,

    publish: async (credentials, { text, media = [], replyToPostId, idempotency, channelId }) => {
      const bytes = farcasterTextBytes(text);
      if (bytes > FARCASTER_MAX_BYTES)
        throw new PlatformError(
          'farcaster',
          'permanent',
          'rejected',
          `The cast is ${bytes} bytes; Farcaster takes at most ${FARCASTER_MAX_BYTES} (turn on threads for longer posts).`,
        );
      const { embeds, notes } = chooseEmbeds(media);
      // A reply sits in its parent's conversation, and so in its channel: only a thread's first cast names one.
      const channel = replyToPostId ? undefined : channelId || undefined;
      const { body } = await call({
        method: 'POST',
        path: '/v2/farcaster/cast',
        json: {
          signer_uuid: credentials.accessToken,
          text,
          ...(embeds.length > 0 && { embeds }),
          ...(replyToPostId && { parent: hashOf('reply to', replyToPostId) }),
          ...(channel && { channel_id: channel }),
          ...(idempotency && { idem: idemOf(idempotency.key) }),
        },
        what: 'the cast',
        createsPost: true,
      }).catch((error: unknown) => {
        throw channel ? channelRefusal(error, channel) : error;
      });
      const cast = (body as { cast?: Cast } | undefined)?.cast;
      if (typeof cast?.hash !== 'string')
        throw new PlatformError(
          'farcaster',
          'unknown',
          'connection_lost',
          'Farcaster accepted the cast but did not name it: it was probably published.',
        );
      return { postId: cast.hash, url: castUrl(cast.hash, cast.author?.username), ...(notes.length > 0 && { notes }) };
    },

    findRecentPost: async (credentials, { text, since }) => {
      const { body } = await call({
        method: 'GET',
        path: '/v2/farcaster/feed/user/casts',
        query: { fid: credentials.accountId, limit: '50', include_replies: 'true' },
        what: 'the account’s recent casts',
      });
      const casts = ((body as { casts?: Cast[] } | undefined)?.casts ?? []).filter(
        (cast) =>
          typeof cast.hash === 'string' &&
          typeof cast.text === 'string' &&
          postTextMatches(text, cast.text) &&
          new Date(String(cast.timestamp)).getTime() >= since.getTime() - 1000,
      );
      const found = casts[0];
      return found ? { postId: String(found.hash), url: castUrl(String(found.hash), found.author?.username) } : null;
    },

    deletePost: async (credentials, postId) => {
      const hash = hashOf('delete', postId);
      await settleDeletion('Farcaster', async () => {
        await call({
          method: 'DELETE',
          path: '/v2/farcaster/cast',
          json: { signer_uuid: credentials.accessToken, target_hash: hash },
          what: 'the request to delete the cast',
        });
      });
    },

    metricsReading: { batchSize: METRICS_BATCH, limit: METRICS_LIMIT },

    readMetrics: async (_credentials, postIds) => {
      const { body } = await call({
        method: 'GET',
        path: '/v2/farcaster/casts',
        query: { casts: postIds.join(',') },
        what: 'the casts’ reactions',
      });
      const casts = (body as { result?: { casts?: Record<string, unknown>[] } } | undefined)?.result?.casts ?? [];
      const metrics = new Map<string, PostMetrics>();
      for (const cast of casts) {
        if (typeof cast.hash !== 'string') continue;
        const reactions = (cast.reactions ?? {}) as Record<string, unknown>;
        const replies = (cast.replies ?? {}) as Record<string, unknown>;
        metrics.set(
          cast.hash,
          reportedOnly({
            likes: metricCount(reactions.likes_count),
            reposts: metricCount(reactions.recasts_count),
            replies: metricCount(replies.count),
          }),
        );
      }
      return metrics;
    },

    findMentions: (credentials, query) => findFarcasterMentions(call, credentials.accountId, query),

    findThread: (_credentials, postId, limit) =>
      findFarcasterThread(call, hashOf('read the conversation of', postId), limit),
  };
};
