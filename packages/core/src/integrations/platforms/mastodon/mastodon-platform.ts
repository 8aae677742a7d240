import {
  PlatformError,
  type ConversationPlatform,
  type PlatformAdapterOptions,
  type PlatformCredentials,
  type PublishedPost,
  type PublishingPlatform,
} from '../common/platform.ts';
import { settleDeletion } from '../common/settle-deletion.ts';
import { createMastodonInstanceCache } from './mastodon-instance.ts';
import { findMastodonMentions, findMastodonThread } from './mastodon-mentions.ts';
import { chooseMastodonMedia, MASTODON_MEDIA_POLLING, uploadMastodonMedia } from './mastodon-media.ts';
import type { MastodonNotFound } from './mastodon-platform-error.ts';
import {
  findOwnMastodonStatus,
  MASTODON_METRICS_BATCH,
  MASTODON_METRICS_LIMIT,
  mastodonStatusUrl,
  readMastodonMetrics,
} from './mastodon-reads.ts';
import { createMastodonRequester, mastodonInstanceUrl } from './mastodon-requester.ts';
import { mastodonTextLength } from '@agentcast/contracts/mastodon-text-length';

/**
 * Most instances' `max_characters`, which the writer aims at; a thread is split to the account's own instance's
 * limit (`postMeasure`), and each post is checked against it before it goes.
 */
export const MASTODON_MAX_TEXT = 500;

/** A status id: digits on Mastodon, a ULID on compatible servers (GoToSocial); never a path. */
const STATUS_ID = /^[\w-]{1,64}$/;

export type MastodonAdapterOptions = PlatformAdapterOptions & {
  /** How long to wait between asking whether a video is processed (tests make it short). */
  mediaPollIntervalMs?: number;
  /** How many times to ask before publishing gives up for now (transient). */
  mediaPollTries?: number;
};

const replyGone: MastodonNotFound = {
  reason: 'rejected',
  message:
    'Mastodon no longer has the post this one replies to (404): it was deleted, or this account can no longer see it.',
};
const instanceGone = (host: string): MastodonNotFound => ({
  reason: 'reconnect_required',
  message: `${host} did not answer as a Mastodon instance where this account posts (404): the instance may have moved or closed, or the account is gone. Check the account, then connect Mastodon again.`,
});

const statusIdOf = (what: string, postId: string) => {
  if (STATUS_ID.test(postId)) return postId;
  throw new PlatformError(
    'mastodon',
    'permanent',
    'rejected',
    `Mastodon cannot ${what} "${postId}": it is not the id of a Mastodon post.`,
  );
};

/**
 * Mastodon through its REST API over plain fetch, on each account's own instance (`serviceUrl`): posts with up to
 * four images or videos (alt text as their description), threads as replies, deleting the account's posts, finding
 * a post whose answer was lost, reading favourites, boosts and replies, and finding the statuses that mention the
 * account (for agents that answer people). Plain fetch rather than the `masto`
 * package, as for Telegram and Discord: every request goes through fetchFromPlatform, which owns the timeout that
 * covers the answer, the Idempotency-Key header and what a lost answer means — `masto` would hide those behind its
 * own retries and errors.
 *
 * Each post carries the delivery's idempotency key as `Idempotency-Key`: for an hour Mastodon answers a repeat with
 * the status made the first time. A lost answer to the post is still `unknown`, not retried here: the first request
 * may still be running on the instance (the key is recorded only once its status exists, so an immediate repeat
 * can post twice), and the delivery's generic path — `findRecentPost`, then posting again only when nothing was
 * found — is the one every platform keeps. The key makes that later repeat safe too, within the hour.
 */
export const createMastodonPlatform = ({
  baseUrl = 'https://mastodon.social',
  timeoutMs,
  mediaPollIntervalMs = MASTODON_MEDIA_POLLING.intervalMs,
  mediaPollTries = MASTODON_MEDIA_POLLING.tries,
}: MastodonAdapterOptions): PublishingPlatform & ConversationPlatform => {
  const instances = createMastodonInstanceCache();
  const polling = { intervalMs: mediaPollIntervalMs, tries: mediaPollTries };
  const connect = (credentials: PlatformCredentials) => {
    const instanceUrl = mastodonInstanceUrl(credentials.serviceUrl, baseUrl);
    const call = createMastodonRequester({ instanceUrl, accessToken: credentials.accessToken, timeoutMs });
    return { instanceUrl, host: new URL(instanceUrl).host, call };
  };

  return {
    id: 'mastodon',
    name: 'Mastodon',
    maxTextLength: MASTODON_MAX_TEXT,
    supportsReplies: true,

    postMeasure: async (credentials) => {
      const { instanceUrl, call } = connect(credentials);
      const instance = await instances(instanceUrl, call);
      return {
        limit: instance.maxCharacters,
        length: (text) => mastodonTextLength(text, instance.charactersReservedPerUrl),
      };
    },

    publish: async (credentials, { text, media = [], replyToPostId, idempotency }): Promise<PublishedPost> => {
      const { instanceUrl, host, call } = connect(credentials);
      const inReplyTo = replyToPostId === undefined ? undefined : statusIdOf('reply to', replyToPostId);
      const instance = await instances(instanceUrl, call);
      const length = mastodonTextLength(text, instance.charactersReservedPerUrl);
      if (length > instance.maxCharacters)
        throw new PlatformError(
          'mastodon',
          'permanent',
          'rejected',
          `The text is ${length} characters as Mastodon counts them (each link as ${instance.charactersReservedPerUrl}); ${host} takes at most ${instance.maxCharacters}.`,
        );
      const chosen = chooseMastodonMedia(media, instance);
      const uploads = await uploadMastodonMedia(call, chosen.chosen, instance, polling);
      const notes = [...chosen.notes, ...uploads.notes];
      const { body } = await call({
        method: 'POST',
        path: '/api/v1/statuses',
        json: {
          status: text,
          visibility: 'public',
          ...(uploads.ids.length > 0 && { media_ids: uploads.ids }),
          ...(inReplyTo && { in_reply_to_id: inReplyTo }),
        },
        idempotencyKey: idempotency?.key,
        what: 'the post',
        createsPost: true,
        notFound: inReplyTo ? replyGone : instanceGone(host),
      });
      const status = (body ?? {}) as { id?: unknown; url?: unknown; uri?: unknown };
      const url = mastodonStatusUrl(status);
      if (typeof status.id !== 'string' || !url)
        throw new PlatformError(
          'mastodon',
          'unknown',
          'connection_lost',
          `Mastodon (${host}) accepted the post but did not say which status it was: it was probably published.`,
        );
      return { postId: status.id, url, ...(notes.length > 0 && { notes }) };
    },

    findRecentPost: (credentials, query) =>
      findOwnMastodonStatus(connect(credentials).call, credentials.accountId, query),

    deletePost: async (credentials, postId) => {
      const id = statusIdOf('delete', postId);
      const { call } = connect(credentials);
      // A status already gone answers 404, which settleDeletion takes for deleted. Mastodon answers 404 too for a
      // status of another account (it looks only among this account's own).
      await settleDeletion('Mastodon', async () => {
        await call({ method: 'DELETE', path: `/api/v1/statuses/${id}`, what: 'the request to delete the post' });
      });
    },

    metricsReading: { batchSize: MASTODON_METRICS_BATCH, limit: MASTODON_METRICS_LIMIT },

    readMetrics: (credentials, postIds) => readMastodonMetrics(connect(credentials).call, postIds),

    findMentions: (credentials, query) => findMastodonMentions(connect(credentials).call, query),

    findThread: (credentials, postId, limit) =>
      findMastodonThread(connect(credentials).call, statusIdOf('read the conversation of', postId), limit),
  };
};
