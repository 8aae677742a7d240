import { PlatformError, type PlatformAdapterOptions, type PublishingPlatform } from '../common/platform.ts';
import { TIKTOK_MAX_CHUNK_BYTES, TIKTOK_MIN_CHUNK_BYTES } from './tiktok-chunks.ts';
import { TIKTOK_METRICS_BATCH, TIKTOK_METRICS_LIMIT, readTikTokMetrics } from './tiktok-metrics.ts';
import { publishToTikTok } from './tiktok-publish.ts';
import { findTikTokRecentPost } from './tiktok-recent-post.ts';
import { createTikTokRequester, TIKTOK_API_BASE, tiktokEndpoint } from './tiktok-requester.ts';

export type TikTokPlatformOptions = PlatformAdapterOptions & {
  /**
   * Whether TikTok has audited this server's app. Until it has, TikTok keeps every post private (SELF_ONLY) and lets
   * only private accounts post.
   */
  audited: boolean;
  /** How often a sent post's status is read while TikTok processes it; default 5 s (TikTok allows 30 a minute). */
  statusPollIntervalMs?: number;
  /** How long TikTok may process a sent post before the outcome is left `unknown`; default 10 minutes. */
  statusTimeoutMs?: number;
  /**
   * Bytes per upload request, within TikTok's chunk bounds (5 MiB to 64,000,000 bytes); default 10,000,000 (TikTok's
   * own example). A video up to this size goes in one request. Every chunk must go within `timeoutMs`.
   */
  chunkBytes?: number;
};

const DEFAULT_CHUNK_BYTES = 10_000_000;

/**
 * TikTok through the Content Posting API (Direct Post, scope video.publish) and the Display API (video.list) as the
 * connected creator (`accountId` is the user's open_id; the token is the user access token). A post is one video,
 * uploaded in chunks, or photos TikTok fetches from their public URLs; TikTok publishes it in the background, so
 * its status is read until it is out. Reconciliation reads the account's recent public posts back; their counts
 * are read with video/query. TikTok gives apps no way to delete a post.
 */
export const createTikTokPlatform = ({
  baseUrl = TIKTOK_API_BASE,
  timeoutMs,
  audited,
  statusPollIntervalMs = 5000,
  statusTimeoutMs = 600_000,
  chunkBytes = DEFAULT_CHUNK_BYTES,
}: TikTokPlatformOptions): PublishingPlatform => {
  if (!Number.isSafeInteger(chunkBytes) || chunkBytes < TIKTOK_MIN_CHUNK_BYTES || chunkBytes > TIKTOK_MAX_CHUNK_BYTES)
    throw new Error(
      `chunkBytes must be a whole number from ${TIKTOK_MIN_CHUNK_BYTES} to ${TIKTOK_MAX_CHUNK_BYTES} (TikTok's chunk bounds), not ${chunkBytes}.`,
    );
  const requester = createTikTokRequester({ baseUrl, timeoutMs });
  const endpoint = tiktokEndpoint(baseUrl, timeoutMs);
  const settings = {
    audited,
    chunkBytes,
    status: { pollIntervalMs: statusPollIntervalMs, timeoutMs: statusTimeoutMs },
  };

  return {
    id: 'tiktok',
    name: 'TikTok',
    // A video's title (its caption): 2,200 UTF-16 code units, which is how JavaScript counts a string's length.
    maxTextLength: 2200,
    supportsReplies: false,
    requiresMedia: 'image-or-video',
    // Vertical video, TikTok's shape; JPEG photos, because TikTok's photo posts take JPEG and WebP only (no PNG).
    mediaRenditions: { image: 'jpeg', video: 'vertical' },

    publish: (credentials, request) => publishToTikTok(requester(credentials.accessToken), endpoint, settings, request),

    findRecentPost: (credentials, query) => findTikTokRecentPost(requester(credentials.accessToken), query),

    metricsReading: { batchSize: TIKTOK_METRICS_BATCH, limit: TIKTOK_METRICS_LIMIT },

    readMetrics: (credentials, postIds) => readTikTokMetrics(requester(credentials.accessToken), postIds),

    // The Content Posting API creates posts only; no TikTok API deletes one. A person must do it.
    deletePost: () =>
      Promise.reject(
        new PlatformError(
          'tiktok',
          'permanent',
          'rejected',
          'TikTok does not let apps delete posts: delete it in the TikTok app.',
        ),
      ),
  };
};
