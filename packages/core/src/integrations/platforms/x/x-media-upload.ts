import { setTimeout as sleep } from 'node:timers/promises';
import { describeSeconds } from '../common/describe-seconds.ts';
import { PlatformError, type PostMedia } from '../common/platform.ts';
import type { XRequester } from './x-requester.ts';

export type XMediaOptions = {
  /** Bytes per APPEND (X takes up to 5 MB). */
  chunkBytes: number;
  /** How long X may take to process a video before the upload is given up (transient: it may go faster later). */
  processingTimeoutMs: number;
};

type ProcessingInfo = {
  state: 'pending' | 'in_progress' | 'succeeded' | 'failed';
  check_after_secs?: number;
  error?: { message?: string };
};
type UploadAnswer = { data: { id: string; processing_info?: ProcessingInfo } };

const categoryOf = (medium: PostMedia) =>
  medium.kind === 'video' ? 'tweet_video' : medium.contentType === 'image/gif' ? 'tweet_gif' : 'tweet_image';

/**
 * One medium through X's v2 upload: INITIALIZE, APPEND in chunks, FINALIZE, then — when X processes it (video) —
 * STATUS until it succeeds, as often as `check_after_secs` says and no longer than `processingTimeoutMs`. Alt text
 * goes on images through the metadata endpoint. Returns the media id to attach to the post.
 */
export const uploadXMedia = async (api: XRequester, medium: PostMedia, options: XMediaOptions): Promise<string> => {
  const what = `the ${medium.kind} upload`;
  const initialized = await api.post<UploadAnswer>(
    'media/upload/initialize',
    { media_type: medium.contentType, total_bytes: medium.bytes.length, media_category: categoryOf(medium) },
    { what },
  );
  const mediaId = initialized.data.id;
  for (let index = 0; index * options.chunkBytes < medium.bytes.length; index += 1) {
    const chunk = medium.bytes.subarray(index * options.chunkBytes, (index + 1) * options.chunkBytes);
    await api.post(
      'media/upload/:id/append',
      { segment_index: index, media: Buffer.from(chunk) },
      { what, params: { id: mediaId }, formData: true },
    );
  }
  const finalized = await api.post<UploadAnswer>('media/upload/:id/finalize', undefined, {
    what,
    params: { id: mediaId },
  });

  const deadline = Date.now() + options.processingTimeoutMs;
  let processing = finalized.data.processing_info;
  while (processing && processing.state !== 'succeeded') {
    if (processing.state === 'failed') {
      const reason = processing.error?.message ?? 'no reason given';
      throw new PlatformError('x', 'permanent', 'media_failed', `X could not process the ${medium.kind}: ${reason}.`);
    }
    const waitMs = Math.max(0, (processing.check_after_secs ?? 1) * 1000);
    if (Date.now() + waitMs > deadline) {
      const limit = describeSeconds(options.processingTimeoutMs);
      throw new PlatformError(
        'x',
        'transient',
        'media_failed',
        `X was still processing the ${medium.kind} after ${limit}.`,
      );
    }
    await sleep(waitMs);
    const status = await api.get<UploadAnswer>('media/upload', { command: 'STATUS', media_id: mediaId }, { what });
    processing = status.data.processing_info;
  }

  if (medium.altText && medium.kind === 'image') {
    await api.post(
      'media/metadata',
      { id: mediaId, metadata: { alt_text: { text: medium.altText.slice(0, 1000) } } },
      { what },
    );
  }
  return mediaId;
};
