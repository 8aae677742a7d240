import { readYouTubeMetrics, YOUTUBE_METRICS_BATCH, YOUTUBE_METRICS_LIMIT } from './youtube-metrics.ts';
import { findRecentYouTubeUpload } from './youtube-recent-uploads.ts';
import { createYouTubeRequester } from './youtube-requester.ts';
import { UPLOAD_PIECE_UNIT, uploadYouTubeVideoBytes } from './youtube-resumable-upload.ts';
import { startYouTubeUploadSession } from './youtube-upload-session.ts';
import { youTubeVideoMetadata } from './youtube-video-metadata.ts';
import {
  PlatformError,
  type PlatformAdapterOptions,
  type PostMedia,
  type PublishedPost,
  type PublishingPlatform,
} from '../common/platform.ts';
import { settleDeletion } from '../common/settle-deletion.ts';

export type YouTubePlatformOptions = PlatformAdapterOptions & {
  /**
   * Bytes per upload request, a multiple of 256 KiB (YouTube's rule for every piece but the last); default 8 MiB.
   * A dropped connection costs at most one piece, and every piece must go within `timeoutMs`.
   */
  uploadChunkBytes?: number;
};

const DEFAULT_CHUNK_BYTES = 8 * 1024 * 1024;
/** What `publish` returns as postId: YouTube's 11-character video id. */
const YOUTUBE_VIDEO_ID = /^[A-Za-z0-9_-]{11}$/;

const shortUrl = (videoId: string) => `https://www.youtube.com/shorts/${videoId}`;

/** A Short is one video: the first the run made. Images and further videos are noted as left out. */
const chooseVideo = (media: PostMedia[]) => {
  const videos = media.filter((medium) => medium.kind === 'video');
  const images = media.filter((medium) => medium.kind === 'image');
  const notes: string[] = [];
  if (images.length === 1) notes.push('YouTube Shorts carry a video only: the image was left out.');
  if (images.length > 1) notes.push(`YouTube Shorts carry a video only: the ${images.length} images were left out.`);
  if (videos.length > 1) notes.push(`A YouTube Short is one video: ${videos.length - 1} more were left out.`);
  return { video: videos[0], notes };
};

/**
 * YouTube through the Data API v3 as the connected channel: the post's video uploaded as a Short with the resumable
 * protocol (title and description from the text, privacy as the agent chose), the channel's uploads playlist read
 * back to reconcile a lost answer, the channel's videos deleted, and their statistics read.
 */
export const createYouTubePlatform = ({
  baseUrl = 'https://www.googleapis.com',
  timeoutMs,
  uploadChunkBytes = DEFAULT_CHUNK_BYTES,
}: YouTubePlatformOptions): PublishingPlatform => {
  if (!Number.isSafeInteger(uploadChunkBytes) || uploadChunkBytes <= 0 || uploadChunkBytes % UPLOAD_PIECE_UNIT !== 0)
    throw new Error(
      `uploadChunkBytes must be a positive multiple of 256 KiB (${UPLOAD_PIECE_UNIT}), not ${uploadChunkBytes}.`,
    );
  const requester = createYouTubeRequester({ baseUrl, timeoutMs });

  return {
    id: 'youtube',
    name: 'YouTube',
    // The description's limit; YouTube counts it in UTF-8 bytes, so a longer description is cut (with …).
    maxTextLength: 5000,
    supportsReplies: false,
    requiresMedia: 'video',
    mediaRenditions: { video: 'vertical' },

    publish: async (
      credentials,
      { text, media = [], replyToPostId, videoPrivacy = 'private' },
    ): Promise<PublishedPost> => {
      if (replyToPostId) {
        throw new PlatformError('youtube', 'permanent', 'rejected', 'YouTube videos cannot be published as replies.');
      }
      const { video, notes } = chooseVideo(media);
      if (!video)
        throw new PlatformError('youtube', 'permanent', 'rejected', 'YouTube takes videos only: this post has none.');
      if (video.bytes.length === 0)
        throw new PlatformError('youtube', 'permanent', 'media_failed', 'The video for YouTube is empty (0 bytes).');
      const call = requester(credentials.accessToken);
      const sessionUrl = await startYouTubeUploadSession(call, {
        metadata: youTubeVideoMetadata(text),
        video,
        privacy: videoPrivacy,
      });
      const uploaded = await uploadYouTubeVideoBytes(call, { sessionUrl, video, pieceBytes: uploadChunkBytes });
      if (!uploaded.id) {
        throw new PlatformError(
          'youtube',
          'unknown',
          'connection_lost',
          'YouTube finished the upload but did not say which video it is: it was probably published.',
        );
      }
      return { postId: uploaded.id, url: shortUrl(uploaded.id), ...(notes.length > 0 && { notes }) };
    },

    findRecentPost: async (credentials, query) => {
      const videoId = await findRecentYouTubeUpload(requester(credentials.accessToken), credentials.accountId, query);
      return videoId ? { postId: videoId, url: shortUrl(videoId) } : null;
    },

    deletePost: async (credentials, postId) => {
      // Checked first: an id of another platform would only earn a 404, which counts as deleted.
      if (!YOUTUBE_VIDEO_ID.test(postId)) {
        throw new PlatformError(
          'youtube',
          'permanent',
          'rejected',
          `YouTube cannot delete "${postId}": YouTube video ids are 11 letters, digits, - or _.`,
        );
      }
      await settleDeletion('YouTube', async () => {
        await requester(credentials.accessToken)({
          method: 'DELETE',
          path: '/youtube/v3/videos',
          query: { id: postId },
          what: 'the request to delete the video',
        });
      });
    },

    metricsReading: { batchSize: YOUTUBE_METRICS_BATCH, limit: YOUTUBE_METRICS_LIMIT },

    readMetrics: (credentials, postIds) => readYouTubeMetrics(requester(credentials.accessToken), postIds),
  };
};
