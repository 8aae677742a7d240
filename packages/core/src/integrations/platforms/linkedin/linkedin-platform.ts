import { escapeLittleText } from './escape-little-text.ts';
import { uploadLinkedInImage } from './linkedin-image-upload.ts';
import { LINKEDIN_API_VERSION } from './linkedin-api-version.ts';
import { LINKEDIN_METRICS_LIMIT, readLinkedInMetrics } from './linkedin-metrics.ts';
import { createLinkedInRequester } from './linkedin-requester.ts';
import {
  PlatformError,
  type PlatformAdapterOptions,
  type PostMedia,
  type PublishedPost,
  type PublishingPlatform,
} from '../common/platform.ts';
import { postTextMatches } from '../common/post-text-matches.ts';
import { settleDeletion } from '../common/settle-deletion.ts';
import { readLittleText } from './read-little-text.ts';

export type LinkedInPlatformOptions = PlatformAdapterOptions & {
  /** How often an uploaded image's status is read; default 1 s. */
  mediaPollIntervalMs?: number;
  /** How long LinkedIn may process an image; default 60 s. */
  mediaProcessingTimeoutMs?: number;
  /** The LinkedIn-Version header; default LINKEDIN_API_VERSION. */
  apiVersion?: string;
};

type LinkedInPostElement = { id: string; commentary?: string; createdAt?: number; publishedAt?: number };

const LINKEDIN_IMAGE_TYPES = new Set(['image/png', 'image/jpeg', 'image/gif']);
const CLOCK_SKEW_MS = 60_000;
const RECENT_POSTS = '20';

const linkedInPostUrl = (urn: string) => `https://www.linkedin.com/feed/update/${urn}`;
/** What `publish` returns as postId: the post's urn (x-restli-id), a share or, for some posts, a ugcPost. */
const LINKEDIN_POST_URN = /^urn:li:(share|ugcPost):\d+$/;

/**
 * A LinkedIn post carries one image here: the first the run made (meme, else graphic). Video is not uploaded —
 * the issue asks for images, and a video's public link would change the text reconciliation compares — so a
 * video is noted as left out (decision 012).
 */
const chooseImage = (media: PostMedia[]) => {
  const notes: string[] = [];
  const images = media.filter((medium) => medium.kind === 'image' && LINKEDIN_IMAGE_TYPES.has(medium.contentType));
  if (media.some((medium) => medium.kind === 'video'))
    notes.push('LinkedIn posts carry images only here: the video was left out.');
  if (images.length > 1) notes.push(`LinkedIn posts carry one image here: ${images.length - 1} more were left out.`);
  for (const medium of media) {
    if (medium.kind === 'image' && !LINKEDIN_IMAGE_TYPES.has(medium.contentType))
      notes.push(`LinkedIn does not take ${medium.contentType} images; it was left out.`);
  }
  return { image: images[0], notes };
};

/**
 * LinkedIn through the Posts API (`POST /rest/posts`, versioned, Rest.li 2.0) as the member `urn:li:person:…`,
 * with an image through the Images API; reading the member's recent posts back to reconcile a lost answer;
 * deleting the member's posts (`DELETE /rest/posts/{urn}`); reading each post's likes and comments (social actions).
 */
export const createLinkedInPlatform = ({
  baseUrl = 'https://api.linkedin.com',
  timeoutMs,
  mediaPollIntervalMs = 1000,
  mediaProcessingTimeoutMs = 60_000,
  apiVersion = LINKEDIN_API_VERSION,
}: LinkedInPlatformOptions): PublishingPlatform => {
  const requester = createLinkedInRequester({ baseUrl, timeoutMs, apiVersion });
  const imageOptions = { pollIntervalMs: mediaPollIntervalMs, processingTimeoutMs: mediaProcessingTimeoutMs };

  return {
    id: 'linkedin',
    name: 'LinkedIn',
    maxTextLength: 3000,
    supportsReplies: false,

    publish: async (credentials, { text, media = [], replyToPostId }): Promise<PublishedPost> => {
      if (replyToPostId) {
        throw new PlatformError('linkedin', 'permanent', 'rejected', 'LinkedIn posts cannot be published as replies.');
      }
      const call = requester(credentials.accessToken);
      const { image, notes } = chooseImage(media);
      const imageUrn = image
        ? await uploadLinkedInImage(call, { owner: credentials.accountId, image, options: imageOptions })
        : undefined;
      const { headers } = await call({
        method: 'POST',
        path: '/rest/posts',
        json: {
          author: credentials.accountId,
          commentary: escapeLittleText(text),
          visibility: 'PUBLIC',
          distribution: { feedDistribution: 'MAIN_FEED', targetEntities: [], thirdPartyDistributionChannels: [] },
          lifecycleState: 'PUBLISHED',
          isReshareDisabledByAuthor: false,
          ...(imageUrn && { content: { media: { id: imageUrn, ...(image?.altText && { altText: image.altText }) } } }),
        },
        what: 'the post',
        createsPost: true,
      });
      const urn = headers.get('x-restli-id') ?? headers.get('x-linkedin-id');
      if (!urn) {
        throw new PlatformError(
          'linkedin',
          'unknown',
          'connection_lost',
          'LinkedIn accepted the post but did not say which post it is: it was probably published.',
        );
      }
      return { postId: urn, url: linkedInPostUrl(urn), ...(notes.length > 0 && { notes }) };
    },

    findRecentPost: async (credentials, { text, since }) => {
      let body: unknown;
      try {
        ({ body } = await requester(credentials.accessToken)({
          method: 'GET',
          path: '/rest/posts',
          query: { author: credentials.accountId, q: 'author', count: RECENT_POSTS, sortBy: 'LAST_MODIFIED' },
          headers: { 'X-RestLi-Method': 'FINDER' },
          what: 'the request for recent posts',
        }));
      } catch (error) {
        if (!(error instanceof PlatformError) || error.status !== 403) throw error;
        throw new PlatformError(
          'linkedin',
          'permanent',
          'forbidden',
          "LinkedIn does not let this app read the account's posts (403; reading needs the r_member_social permission), so whether the post was published cannot be checked here: look at the LinkedIn profile.",
          { status: 403, cause: error },
        );
      }
      const earliest = since.getTime() - CLOCK_SKEW_MS;
      const match = ((body as { elements?: LinkedInPostElement[] }).elements ?? []).find(
        (post) =>
          (post.publishedAt ?? post.createdAt ?? 0) >= earliest &&
          postTextMatches(text, readLittleText(post.commentary ?? '')),
      );
      return match ? { postId: match.id, url: linkedInPostUrl(match.id) } : null;
    },

    deletePost: async (credentials, postId) => {
      // Checked first: an id of another platform would only earn a 404, which counts as deleted.
      if (!LINKEDIN_POST_URN.test(postId)) {
        throw new PlatformError(
          'linkedin',
          'permanent',
          'rejected',
          `LinkedIn cannot delete "${postId}": LinkedIn posts are urn:li:share:… or urn:li:ugcPost:….`,
        );
      }
      await settleDeletion('LinkedIn', async () => {
        await requester(credentials.accessToken)({
          method: 'DELETE',
          path: `/rest/posts/${encodeURIComponent(postId)}`,
          headers: { 'X-RestLi-Method': 'DELETE' },
          what: 'the request to delete the post',
        });
      });
    },

    metricsReading: { batchSize: 1, limit: LINKEDIN_METRICS_LIMIT },

    readMetrics: (credentials, postIds) => readLinkedInMetrics(requester(credentials.accessToken), postIds),
  };
};
