import { type PlatformEndpoint } from '../common/fetch-from-platform.ts';
import { PlatformError, type PostMedia } from '../common/platform.ts';
import { planTikTokChunks } from './tiktok-chunks.ts';
import { exchangeWithTikTok, type TikTokCall } from './tiktok-requester.ts';

export type TikTokVideoPostInfo = {
  title: string;
  privacy_level: string;
  disable_comment: boolean;
  disable_duet: boolean;
  disable_stitch: boolean;
};

/** A started video post: whether TikTok confirmed the end of the upload (201), which is what makes it post. */
export type TikTokVideoUpload = { publishId: string; uploadConfirmed: boolean };

const refusedUpload = (status: number, part: number, parts: number) => {
  // 403: the upload address expired (it lasts an hour); 404: TikTok has no such upload. A new attempt starts over.
  if (status === 403 || status === 404 || status >= 500) {
    return new PlatformError(
      'tiktok',
      'transient',
      status >= 500 ? 'platform_unavailable' : 'media_failed',
      `TikTok did not take part ${part} of ${parts} of the video (${status}): nothing was published, and the next attempt uploads it again.`,
      { status },
    );
  }
  return new PlatformError(
    'tiktok',
    'permanent',
    'media_failed',
    `TikTok refused part ${part} of ${parts} of the video (${status}): nothing was published.`,
    { status },
  );
};

/**
 * A direct post of a video: video/init with the post's details and FILE_UPLOAD's chunk plan, then the bytes PUT to
 * the upload address chunk by chunk, in order. The init alone publishes nothing; TikTok starts posting once the
 * last chunk is in (201), so only that request's lost answer may mean a post — and then TikTok's status says which.
 * The upload address carries its own credential: the user's token is not sent there.
 */
export const uploadTikTokVideo = async (
  call: TikTokCall,
  endpoint: PlatformEndpoint,
  { video, postInfo, chunkBytes }: { video: PostMedia; postInfo: TikTokVideoPostInfo; chunkBytes: number },
): Promise<TikTokVideoUpload> => {
  const size = video.bytes.length;
  const plan = planTikTokChunks(size, chunkBytes);
  const data = await call({
    path: '/v2/post/publish/video/init/',
    json: {
      post_info: postInfo,
      source_info: {
        source: 'FILE_UPLOAD',
        video_size: size,
        chunk_size: plan.chunkSize,
        total_chunk_count: plan.totalChunkCount,
      },
    },
    what: 'the post',
    scope: 'video.publish',
  });
  const publishId = data.publish_id;
  const uploadUrl = data.upload_url;
  if (typeof publishId !== 'string' || !publishId || typeof uploadUrl !== 'string' || !uploadUrl) {
    throw new PlatformError(
      'tiktok',
      'transient',
      'media_failed',
      'TikTok took the post but gave no address to upload the video to: nothing was published.',
    );
  }
  for (const [index, { start, end }] of plan.chunks.entries()) {
    const last = index === plan.chunks.length - 1;
    let status: number;
    try {
      ({ status } = await exchangeWithTikTok(endpoint, new URL(uploadUrl), {
        method: 'PUT',
        // fetch sends the Content-Length of the bytes itself.
        headers: { 'Content-Type': video.contentType, 'Content-Range': `bytes ${start}-${end - 1}/${size}` },
        body: video.bytes.subarray(start, end),
        createsPost: last,
      }));
    } catch (error) {
      // The end of the video may have arrived: the post's status tells (it is polled next), not a second upload.
      if (last && error instanceof PlatformError && error.kind === 'unknown')
        return { publishId, uploadConfirmed: false };
      throw error;
    }
    if (status >= 200 && status < 300) continue;
    if (last && status >= 500) return { publishId, uploadConfirmed: false };
    throw refusedUpload(status, index + 1, plan.chunks.length);
  }
  return { publishId, uploadConfirmed: true };
};
