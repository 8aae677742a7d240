import type {
  ConversationPlatform,
  PlatformAdapterOptions,
  PlatformCredentials,
  PostMedia,
  PublishedPost,
  PublishingPlatform,
} from '../common/platform.ts';
import { PlatformError } from '../common/platform.ts';
import { postTextMatches } from '../common/post-text-matches.ts';
import { settleDeletion } from '../common/settle-deletion.ts';
import { uploadXMedia } from './x-media-upload.ts';
import { createXRequester, type XRequester } from './x-requester.ts';
import { readXMetrics, X_METRICS_BATCH, X_METRICS_LIMIT } from './x-metrics.ts';
import { X_POST_ID, xPostUrl } from './x-post-url.ts';
import { readXTimeline } from './x-timeline.ts';

export type XPlatformOptions = PlatformAdapterOptions & {
  /** Bytes per media APPEND; default 4 MiB (X takes up to 5 MB). */
  mediaChunkBytes?: number;
  /** How long X may process a video; default 5 minutes. */
  mediaProcessingTimeoutMs?: number;
};

const X_IMAGE_TYPES = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp']);
/** X tells clocks apart by seconds; a small allowance keeps a post made at `since` from falling outside. */
const CLOCK_SKEW_MS = 60_000;
/** How far back a duplicate's original is looked for (X refuses repeats of recent posts). */
const DUPLICATE_LOOKBACK_MS = 48 * 3_600_000;

/** X carries up to four images, or one video: the video wins, because the agent asked for it as the richest medium. */
const chooseMedia = (media: PostMedia[]) => {
  const notes: string[] = [];
  const supported = media.filter((medium) => {
    const ok = medium.kind === 'video' ? medium.contentType === 'video/mp4' : X_IMAGE_TYPES.has(medium.contentType);
    if (!ok) notes.push(`X does not take ${medium.contentType} media; it was left out.`);
    return ok;
  });
  const video = supported.find((medium) => medium.kind === 'video');
  const images = supported.filter((medium) => medium.kind === 'image');
  if (video) {
    if (images.length > 0)
      notes.push(
        `X carries one video or up to four images per post: the video went, ${images.length} image(s) did not.`,
      );
    return { attach: [video], notes };
  }
  if (images.length > 4) notes.push(`X carries up to four images per post: ${images.length - 4} were left out.`);
  return { attach: images.slice(0, 4), notes };
};

const findOwnPost = async (api: XRequester, credentials: PlatformCredentials, text: string, since: Date) => {
  const { posts } = await readXTimeline(api, {
    path: 'users/:id/tweets',
    userId: credentials.accountId,
    startTime: new Date(since.getTime() - CLOCK_SKEW_MS),
    maxPages: 3,
  });
  const match = posts.find((post) => postTextMatches(text, post.text));
  return match ? { postId: match.postId, url: xPostUrl(match.postId) } : null;
};

/**
 * X through the official API v2 (twitter-api-v2), acting with the user's OAuth 2.0 access token: posts with media
 * (images, or one video processed by X) and replies; reading back the account's posts to reconcile a lost answer;
 * deleting the account's posts; reading their public metrics; and what the replies loop reads (mentions, users, their
 * posts).
 */
export const createXPlatform = ({
  baseUrl = 'https://api.x.com',
  timeoutMs,
  mediaChunkBytes = 4 * 1024 * 1024,
  mediaProcessingTimeoutMs = 300_000,
}: XPlatformOptions): PublishingPlatform & ConversationPlatform => {
  const requester = createXRequester({ baseUrl, timeoutMs });
  const mediaOptions = { chunkBytes: mediaChunkBytes, processingTimeoutMs: mediaProcessingTimeoutMs };

  return {
    id: 'x',
    name: 'X',
    maxTextLength: 280,
    supportsReplies: true,

    publish: async (credentials, { text, media = [], replyToPostId }): Promise<PublishedPost> => {
      const api = requester(credentials.accessToken);
      const { attach, notes } = chooseMedia(media);
      const mediaIds: string[] = [];
      for (const medium of attach) mediaIds.push(await uploadXMedia(api, medium, mediaOptions));
      const payload = {
        text,
        ...(mediaIds.length > 0 && { media: { media_ids: mediaIds } }),
        ...(replyToPostId && { reply: { in_reply_to_tweet_id: replyToPostId } }),
      };
      try {
        const { data } = await api.post<{ data?: { id?: string } }>('tweets', payload, {
          what: 'the post',
          createsPost: true,
        });
        if (!data?.id)
          throw new PlatformError(
            'x',
            'unknown',
            'connection_lost',
            'X accepted the post but did not say which post it is: it was probably published.',
          );
        return { postId: data.id, url: xPostUrl(data.id), ...(notes.length > 0 && { notes }) };
      } catch (error) {
        if (!(error instanceof PlatformError) || error.reason !== 'duplicate') throw error;
        // The original may be this delivery's own earlier attempt whose answer was lost: name it for the caller.
        const existingPost = await findOwnPost(
          api,
          credentials,
          text,
          new Date(Date.now() - DUPLICATE_LOOKBACK_MS),
        ).catch(() => null);
        if (!existingPost) throw error;
        throw new PlatformError('x', error.kind, error.reason, error.message, {
          status: error.status,
          existingPost,
          cause: error,
        });
      }
    },

    findRecentPost: (credentials, { text, since }) =>
      findOwnPost(requester(credentials.accessToken), credentials, text, since),

    deletePost: async (credentials, postId) => {
      if (!X_POST_ID.test(postId)) {
        throw new PlatformError('x', 'permanent', 'rejected', `X cannot delete "${postId}": X post ids are digits.`);
      }
      await settleDeletion('X', async () => {
        const answer = await requester(credentials.accessToken).delete<{ data?: { deleted?: boolean } }>('tweets/:id', {
          what: 'the request to delete the post',
          params: { id: postId },
        });
        if (answer.data?.deleted !== true) {
          throw new PlatformError(
            'x',
            'permanent',
            'rejected',
            'X answered the request to delete the post without deleting it.',
          );
        }
      });
    },

    metricsReading: { batchSize: X_METRICS_BATCH, limit: X_METRICS_LIMIT },

    readMetrics: (credentials, postIds) => readXMetrics(requester(credentials.accessToken), postIds),

    findMentions: (credentials, { sinceId, notBefore }) =>
      readXTimeline(requester(credentials.accessToken), {
        path: 'users/:id/mentions',
        userId: credentials.accountId,
        sinceId,
        // A first look reads back to `notBefore` (start_time) as a later one reads back to its cursor.
        ...(!sinceId && notBefore && { startTime: notBefore }),
      }),

    follows: {
      findUserPosts: (credentials, { userId, sinceId }) =>
        readXTimeline(requester(credentials.accessToken), {
          path: 'users/:id/tweets',
          userId,
          sinceId,
          exclude: 'retweets',
        }),

      findUser: async (credentials, username) => {
        const handle = username.replace(/^@/, '');
        // X usernames are 1–15 letters, digits or underscores; anything else cannot name an account.
        if (!/^\w{1,15}$/.test(handle)) return null;
        const answer = await requester(credentials.accessToken).get<{
          data?: { id: string; username: string; name: string };
        }>('users/by/username/:username', {}, { what: `the request for @${handle}`, params: { username: handle } });
        return answer.data ? { id: answer.data.id, username: answer.data.username, name: answer.data.name } : null;
      },
    },
  };
};
