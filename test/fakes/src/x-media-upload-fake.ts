import type { Route } from './platform-fake-kit.ts';
import { invalidRequest, type Authed, type XUser } from './x-fake-common.ts';

export type XMedia = {
  id: string;
  mediaKey: string;
  ownerId: string;
  mediaType: string;
  category: string;
  totalBytes: number;
  segments: Map<number, Buffer>;
  state: 'uploading' | 'pending' | 'in_progress' | 'succeeded' | 'failed';
  statusPollsLeft: number;
  altText?: string;
};

/** How video processing goes after FINALIZE: STATUS answers in_progress this many times, then succeeds or fails. */
export type VideoProcessing = { statusPolls: number; checkAfterSecs: number; failWith?: string };

const IMAGE_TYPES = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp']);
const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
const MAX_VIDEO_BYTES = 512 * 1024 * 1024;

type MediaUploadState = {
  media: Map<string, XMedia>;
  videoProcessing: VideoProcessing;
  newId: () => string;
  authed: Authed;
};

/**
 * The v2 media upload of the X fake: initialize, append in segments, finalize, STATUS polls while a video is
 * processed, and alt text — each medium kept per owner, so a post can only use its author's finished media.
 */
export const xMediaUploadRoutes = ({ media, videoProcessing, newId, authed }: MediaUploadState): Route[] => {
  const initializeUpload = authed(({ request }, caller) => {
    const body = (request.json ?? {}) as { media_type?: string; total_bytes?: number; media_category?: string };
    const mediaType = body.media_type ?? '';
    const isVideo = mediaType === 'video/mp4';
    if (!IMAGE_TYPES.has(mediaType) && !isVideo) return invalidRequest(`media_type ${mediaType} is not supported.`);
    const totalBytes = Number(body.total_bytes);
    if (!(totalBytes > 0) || totalBytes > (isVideo ? MAX_VIDEO_BYTES : MAX_IMAGE_BYTES)) {
      return invalidRequest(`total_bytes ${body.total_bytes} is out of range for ${mediaType}.`);
    }
    const id = newId();
    const medium: XMedia = {
      id,
      mediaKey: `${isVideo ? 7 : 3}_${id}`,
      ownerId: caller.id,
      mediaType,
      category: body.media_category ?? '',
      totalBytes,
      segments: new Map(),
      state: 'uploading',
      statusPollsLeft: videoProcessing.statusPolls,
    };
    media.set(id, medium);
    return { status: 200, json: { data: { id, media_key: medium.mediaKey, expires_after_secs: 86_400 } } };
  });

  const ownedMedium = (id: string, caller: XUser) => {
    const medium = media.get(id);
    return medium && medium.ownerId === caller.id ? medium : undefined;
  };

  const appendUpload = authed(({ request, params }, caller) => {
    const medium = ownedMedium(params.id ?? '', caller);
    if (!medium || medium.state !== 'uploading')
      return invalidRequest('The media_id is invalid or the upload is finalized.');
    const index = Number(request.parts?.find((part) => part.name === 'segment_index')?.value);
    const chunk = request.parts?.find((part) => part.name === 'media')?.bytes;
    if (!Number.isInteger(index) || index < 0 || index > 999 || !chunk)
      return invalidRequest('segment_index and media are required.');
    medium.segments.set(index, chunk);
    return { status: 200, json: { data: { expires_at: Math.floor(Date.now() / 1000) + 86_400 } } };
  });

  const finalizeUpload = authed(({ params }, caller) => {
    const medium = ownedMedium(params.id ?? '', caller);
    if (!medium || medium.state !== 'uploading') return invalidRequest('The media_id is invalid or already finalized.');
    const received = [...medium.segments.values()].reduce((sum, chunk) => sum + chunk.length, 0);
    if (received !== medium.totalBytes)
      return invalidRequest(`File size mismatch: expected ${medium.totalBytes} bytes, got ${received}.`);
    const data = { id: medium.id, media_key: medium.mediaKey, size: medium.totalBytes, expires_after_secs: 86_400 };
    if (medium.mediaType !== 'video/mp4') {
      medium.state = 'succeeded';
      return { status: 200, json: { data } };
    }
    medium.state = 'pending';
    return {
      status: 200,
      json: {
        data: { ...data, processing_info: { state: 'pending', check_after_secs: videoProcessing.checkAfterSecs } },
      },
    };
  });

  const uploadStatus = authed(({ request }, caller) => {
    const medium = request.query.command === 'STATUS' ? ownedMedium(request.query.media_id ?? '', caller) : undefined;
    if (!medium) return invalidRequest('command=STATUS and a valid media_id are required.');
    if (medium.state === 'pending' || medium.state === 'in_progress') {
      if (medium.statusPollsLeft > 0) {
        medium.statusPollsLeft -= 1;
        medium.state = 'in_progress';
      } else {
        medium.state = videoProcessing.failWith ? 'failed' : 'succeeded';
      }
    }
    const processing_info =
      medium.state === 'failed'
        ? {
            state: 'failed',
            progress_percent: 12,
            error: { code: 1, name: 'InvalidMedia', message: videoProcessing.failWith },
          }
        : medium.state === 'succeeded'
          ? { state: 'succeeded', progress_percent: 100 }
          : { state: medium.state, check_after_secs: videoProcessing.checkAfterSecs, progress_percent: 50 };
    return { status: 200, json: { data: { id: medium.id, media_key: medium.mediaKey, processing_info } } };
  });

  const createMetadata = authed(({ request }, caller) => {
    const body = (request.json ?? {}) as { id?: string; metadata?: { alt_text?: { text?: string } } };
    const medium = ownedMedium(body.id ?? '', caller);
    const altText = body.metadata?.alt_text?.text;
    if (!medium || !altText || altText.length > 1000)
      return invalidRequest('A valid media id and alt_text.text (up to 1000 characters) are required.');
    medium.altText = altText;
    return { status: 200, json: { data: { id: medium.id, associated_metadata: { alt_text: { text: altText } } } } };
  });

  return [
    { method: 'POST', pattern: '/2/media/upload/initialize', handle: initializeUpload },
    { method: 'POST', pattern: '/2/media/upload/:id/append', handle: appendUpload },
    { method: 'POST', pattern: '/2/media/upload/:id/finalize', handle: finalizeUpload },
    { method: 'GET', pattern: '/2/media/upload', handle: uploadStatus },
    { method: 'POST', pattern: '/2/media/metadata', handle: createMetadata },
  ];
};
