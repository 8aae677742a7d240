import { setTimeout as sleep } from 'node:timers/promises';
import { idOrUnknown, multipartOf, publishingCall, PUBLISH_PERMISSION, withSource } from './facebook-publish.ts';
import type { FacebookCall } from './facebook-requester.ts';
import { describeSeconds } from '../common/describe-seconds.ts';
import { PlatformError, type PostMedia } from '../common/platform.ts';

export type FacebookVideoOptions = { pollIntervalMs: number; processingTimeoutMs: number };

type VideoStatus = {
  post_id?: unknown;
  status?: { video_status?: unknown; processing_phase?: { error?: { message?: unknown } } };
};

const reasonOf = (error: unknown) => (error instanceof Error ? error.message.replace(/\.$/, '') : String(error));

/**
 * A video post: the bytes go up to the Page's videos with the text as their description, which publishes it once
 * Facebook has processed it. The upload is the request that makes the post, so losing its answer is `unknown`.
 * Processing is then waited for, to learn the post's id (the video's own id until then): a video Facebook cannot
 * process is never shown, so that ends as a failure; one still processing at the deadline, or whose status cannot
 * be read, is kept under the video's id with a note — failing then would upload it a second time.
 */
export const publishFacebookVideo = async (
  call: FacebookCall,
  { pageId, text, video, options }: { pageId: string; text: string; video: PostMedia; options: FacebookVideoOptions },
): Promise<{ postId: string; notes: string[] }> => {
  const body = await publishingCall(call, {
    method: 'POST',
    path: `/${pageId}/videos`,
    host: 'video',
    multipart: withSource(multipartOf({ description: text }), video),
    what: 'the video',
    permission: PUBLISH_PERMISSION,
  });
  const videoId = idOrUnknown(body?.id);
  const deadline = Date.now() + options.processingTimeoutMs;
  for (;;) {
    let answer: VideoStatus | undefined;
    try {
      answer = (await call({
        method: 'GET',
        path: `/${videoId}`,
        query: { fields: 'status,post_id' },
        what: 'the processing status of the video',
      })) as VideoStatus | undefined;
    } catch (error) {
      return {
        postId: videoId,
        notes: [
          `The video is uploaded, but its processing status could not be read (${reasonOf(error)}): it shows on the Page once Facebook has processed it.`,
        ],
      };
    }
    const postId = typeof answer?.post_id === 'string' && answer.post_id ? answer.post_id : videoId;
    const status = answer?.status?.video_status;
    if (status === 'ready') return { postId, notes: [] };
    if (status === 'error') {
      const why = answer?.status?.processing_phase?.error?.message;
      throw new PlatformError(
        'facebook',
        'permanent',
        'media_failed',
        `Facebook could not process the video${typeof why === 'string' && why ? ` (${why.replace(/\.$/, '')})` : ''}: nothing was published.`,
      );
    }
    if (Date.now() + options.pollIntervalMs > deadline) {
      return {
        postId,
        notes: [
          `Facebook was still processing the video after ${describeSeconds(options.processingTimeoutMs)}: it shows on the Page once it is ready.`,
        ],
      };
    }
    await sleep(options.pollIntervalMs);
  }
};
