import { createInstagramContainer, waitForInstagramContainer } from './instagram-container.ts';
import { INSTAGRAM_GRAPH_VERSION } from './instagram-graph-version.ts';
import { chooseInstagramMedium } from './instagram-medium.ts';
import { INSTAGRAM_METRICS_LIMIT, readInstagramMetrics } from './instagram-metrics.ts';
import { readInstagramPermalink } from './instagram-permalink.ts';
import { ensureInstagramPublishingQuota } from './instagram-publishing-limit.ts';
import { findInstagramRecentPost } from './instagram-recent-post.ts';
import { createInstagramRequester } from './instagram-requester.ts';
import {
  PlatformError,
  type PlatformAdapterOptions,
  type PublishedPost,
  type PublishingPlatform,
} from '../common/platform.ts';

export type InstagramPlatformOptions = PlatformAdapterOptions & {
  /** How often a container's processing status is read; default 5 s. */
  containerPollIntervalMs?: number;
  /** How long Instagram may process a medium before the post is given up for now; default 5 minutes. */
  containerProcessingTimeoutMs?: number;
  /** The Graph API version in the paths; default INSTAGRAM_GRAPH_VERSION. */
  graphVersion?: string;
};

/**
 * Instagram through the Instagram API with Instagram Login (graph.instagram.com, professional accounts, scopes
 * instagram_business_basic and instagram_business_content_publish). Publishing is Instagram's two steps: a container
 * Instagram fills by downloading the medium from its public URL, then `media_publish` — the only request that makes
 * a post, so the only one whose lost answer is `unknown`. Reconciliation reads the account's recent media back; each
 * post's insights are read for its metrics.
 */
export const createInstagramPlatform = ({
  baseUrl = 'https://graph.instagram.com',
  timeoutMs,
  // Meta suggests reading a container's status about once a minute for at most five minutes; a Reel is often ready
  // within seconds, so reading more often publishes sooner at the cost of a few calls.
  containerPollIntervalMs = 5000,
  containerProcessingTimeoutMs = 300_000,
  graphVersion = INSTAGRAM_GRAPH_VERSION,
}: InstagramPlatformOptions): PublishingPlatform => {
  const requester = createInstagramRequester({ baseUrl, timeoutMs, graphVersion });
  const containerOptions = {
    pollIntervalMs: containerPollIntervalMs,
    processingTimeoutMs: containerProcessingTimeoutMs,
  };

  return {
    id: 'instagram',
    name: 'Instagram',
    maxTextLength: 2200,
    supportsReplies: false,
    requiresMedia: 'image-or-video',
    mediaRenditions: { image: 'jpeg', video: 'vertical' },

    publish: async (credentials, { text, media = [], replyToPostId }): Promise<PublishedPost> => {
      if (replyToPostId) {
        throw new PlatformError(
          'instagram',
          'permanent',
          'rejected',
          'Instagram posts cannot be published as replies.',
        );
      }
      // Checked before Instagram is called: a post without a medium Instagram can fetch will never publish.
      const { medium, notes } = chooseInstagramMedium(media);
      const call = requester(credentials.accessToken);
      const { accountId } = credentials;
      await ensureInstagramPublishingQuota(call, accountId);
      const containerId = await createInstagramContainer(call, { accountId, medium, caption: text });
      await waitForInstagramContainer(call, { containerId, kind: medium.kind, options: containerOptions });
      const published = await call({
        method: 'POST',
        path: `/${encodeURIComponent(accountId)}/media_publish`,
        form: { creation_id: containerId },
        what: 'the post',
        createsPost: true,
      }).catch((error: unknown) => {
        // Instagram is known to publish and still answer 5xx. It refuses duplicates nowhere, so a retry could post
        // twice: the post is looked for among the account's media instead.
        if (error instanceof PlatformError && error.status !== undefined && error.status >= 500) {
          throw new PlatformError('instagram', 'unknown', 'platform_unavailable', error.message, {
            status: error.status,
            cause: error,
          });
        }
        throw error;
      });
      const mediaId = (published as { id?: unknown } | undefined)?.id;
      if (typeof mediaId !== 'string' || !mediaId) {
        throw new PlatformError(
          'instagram',
          'unknown',
          'connection_lost',
          'Instagram accepted the post but did not say which post it is: it was probably published.',
        );
      }
      const link = await readInstagramPermalink(call, mediaId);
      const allNotes = [...notes, ...link.notes];
      return { postId: mediaId, url: link.url, ...(allNotes.length > 0 && { notes: allNotes }) };
    },

    findRecentPost: (credentials, { text, since }) =>
      findInstagramRecentPost(requester(credentials.accessToken), { accountId: credentials.accountId, text, since }),

    metricsReading: { batchSize: 1, limit: INSTAGRAM_METRICS_LIMIT },

    readMetrics: (credentials, postIds) => readInstagramMetrics(requester(credentials.accessToken), postIds),

    // The Instagram API with Instagram Login has no way to delete media (only comments); a person must do it.
    deletePost: () =>
      Promise.reject(
        new PlatformError(
          'instagram',
          'permanent',
          'rejected',
          'Instagram does not let apps delete posts: delete it in the Instagram app.',
        ),
      ),
  };
};
