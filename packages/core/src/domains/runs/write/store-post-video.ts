import {
  COMPOSE_MESSAGES,
  MAX_POST_VIDEO_BYTES,
  POST_VIDEO_TYPES,
  type PostVideoType,
} from '@agentcast/contracts/compose-constants';
import type { RunMedia } from '@agentcast/db/schema/runs';
import type { StorageDriver } from '../../../integrations/storage/storage-driver.ts';
import { postVideoPath } from '../../../integrations/storage/storage-paths.ts';
import { AppError } from '../../../kernel/app-error.ts';

const ascii = (body: Buffer, start: number, end: number) => body.subarray(start, end).toString('latin1');
/** Atoms a QuickTime file may open with where an MP4 has its `ftyp`. */
const QUICKTIME_FIRST_ATOMS = new Set(['moov', 'mdat', 'wide', 'free', 'skip']);

/**
 * What kind of video the bytes are, read from the file's own signature (the name and the browser's type are the
 * sender's word): WebM's EBML header, or an ISO media file's `ftyp` box, whose brand `qt` is QuickTime.
 */
export const videoTypeOf = (body: Buffer): PostVideoType | undefined => {
  if (body.length < 12) return undefined;
  if (body.readUInt32BE(0) === 0x1a45dfa3) return 'video/webm';
  const box = ascii(body, 4, 8);
  if (box === 'ftyp') return ascii(body, 8, 12) === 'qt  ' ? 'video/quicktime' : 'video/mp4';
  return QUICKTIME_FIRST_ATOMS.has(box) ? 'video/quicktime' : undefined;
};

const refuse = (code: 'VALIDATION_FAILED' | 'PAYLOAD_TOO_LARGE', message: string): never => {
  throw new AppError(code, message, { fieldErrors: { video: [message] } });
};

/** The type of a video a person attached, or the `video` field's error (too large, not a video we take). */
export const checkPostVideo = (video: { body: Buffer }) => {
  if (video.body.length > MAX_POST_VIDEO_BYTES) refuse('PAYLOAD_TOO_LARGE', COMPOSE_MESSAGES.videoTooLarge);
  return videoTypeOf(video.body) ?? refuse('VALIDATION_FAILED', COMPOSE_MESSAGES.notAVideo);
};

/**
 * Keeps a person's video in the public images bucket beside the media of posts, as sent: the platforms that want
 * another form (a vertical Reel or Short) have it made on first use (publishing/load-post-media.ts).
 */
export const storePostVideo = async (
  storage: StorageDriver,
  workspaceId: string,
  video: { body: Buffer },
  contentType: PostVideoType,
): Promise<RunMedia> => {
  const path = postVideoPath(workspaceId, POST_VIDEO_TYPES[contentType]);
  await storage.put({ bucket: 'images', path, body: video.body, contentType });
  return { kind: 'video', path, contentType, url: storage.publicImageUrl(path) };
};
