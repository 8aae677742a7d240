import type { YouTubeAnswer, YouTubeCall } from './youtube-requester.ts';
import { PlatformError, type PostMedia } from '../common/platform.ts';

/** The video resource YouTube answers when the upload completes (the parts asked for: snippet and status). */
export type YouTubeVideoResource = {
  id?: string;
  snippet?: { title?: string; description?: string; publishedAt?: string };
  status?: { privacyStatus?: string };
};

/** YouTube's rule: every piece of an upload but the last is a multiple of 256 KiB. */
export const UPLOAD_PIECE_UNIT = 256 * 1024;
const RESUME_INCOMPLETE = 308;
/** One status query per interruption, and no more than this per upload: a connection that keeps failing ends it. */
const MAX_STATUS_QUERIES = 3;
/** Answered pieces in a row that moved the upload no further before the attempt is given up. */
const MAX_STALLS = 3;

type SessionState = { video: YouTubeVideoResource } | { received: number };
type Upload = { sessionUrl: string; video: PostMedia; pieceBytes: number };

/** 200/201: the upload is complete and this is the video. 308 Resume Incomplete: `Range: bytes=0-N` arrived. */
const stateOf = (answer: YouTubeAnswer): SessionState => {
  if (answer.status === 200 || answer.status === 201) return { video: (answer.body ?? {}) as YouTubeVideoResource };
  if (answer.status !== RESUME_INCOMPLETE) {
    throw new PlatformError(
      'youtube',
      'transient',
      'media_failed',
      `YouTube answered the upload with an unexpected ${answer.status}.`,
      { status: answer.status },
    );
  }
  const lastByte = /^bytes=0-(\d+)$/.exec(answer.headers.get('range') ?? '')?.[1];
  return { received: lastByte === undefined ? 0 : Number(lastByte) + 1 };
};

/** A piece whose answer was lost, came too late, or was a failure on YouTube's side: the session may hold more. */
const isInterruption = (error: unknown): error is PlatformError =>
  error instanceof PlatformError &&
  (error.status === undefined ? error.reason === 'timeout' || error.reason === 'connection_lost' : error.status >= 500);

const isSessionGone = (error: unknown) =>
  error instanceof PlatformError && (error.status === 404 || error.status === 410);

const sessionExpired = (cause: PlatformError) =>
  new PlatformError(
    'youtube',
    'transient',
    'media_failed',
    `YouTube's upload session ended before the video was complete (${cause.status}): nothing was published, and the next attempt starts the upload over.`,
    { status: cause.status, cause },
  );

const sendPiece = (call: YouTubeCall, { sessionUrl, video }: Upload, from: number, to: number) => {
  const total = video.bytes.length;
  return call({
    method: 'PUT',
    path: sessionUrl,
    bytes: { body: video.bytes.subarray(from, to), contentType: video.contentType },
    headers: from === 0 && to === total ? {} : { 'Content-Range': `bytes ${from}-${to - 1}/${total}` },
    what: 'the video upload',
    // Only the piece with the last byte can make YouTube create the video.
    createsPost: to === total,
  });
};

/**
 * After an interruption the session is asked once how far the upload got (an empty PUT with
 * `Content-Range: bytes *` + `/total`): 200/201 → the video exists (no second upload); 308 → go on from its Range.
 *
 * When that question fails too, what may be concluded depends on the interrupted piece:
 * - It could not have completed the upload (it did not carry the last byte, or YouTube answered it with a failure
 *   of its own): nothing was published → transient. Even a session YouTube no longer knows (404/410) then only
 *   means the next attempt starts over with a new session.
 * - It carried the last byte and may have reached YouTube (kind `unknown`): YouTube may have created the video, and
 *   a session that is gone (404/410) does not say whether it completed before it went. Starting over could publish
 *   the video twice → `unknown`, which publishing reconciles with findRecentPost.
 */
const askHowFarItGot = async (call: YouTubeCall, { sessionUrl, video }: Upload, interruption: PlatformError) => {
  try {
    return stateOf(
      await call({
        method: 'PUT',
        path: sessionUrl,
        bytes: { body: Buffer.alloc(0) },
        headers: { 'Content-Range': `bytes */${video.bytes.length}` },
        what: 'the question how far the upload got',
      }),
    );
  } catch (queryError) {
    if (interruption.kind !== 'unknown')
      throw isSessionGone(queryError) ? sessionExpired(queryError as PlatformError) : interruption;
    const lost = interruption.reason === 'timeout' ? 'did not come in time' : 'was lost';
    const why = queryError instanceof Error ? queryError.message.replace(/\.$/, '') : String(queryError);
    throw new PlatformError(
      'youtube',
      'unknown',
      interruption.reason,
      `YouTube's answer to the end of the video ${lost}, and asking how far the upload got failed too (${why}): the video may have been published.`,
      { cause: queryError },
    );
  }
};

/**
 * Step two of a resumable upload: the bytes go to the session URL in pieces of `pieceBytes` (the whole video in one
 * request when it is smaller), each answered 308 with how much YouTube holds, the last one with the video. A piece
 * interrupted is resumed from where YouTube says it got to, so no byte is sent twice and no video made twice.
 */
export const uploadYouTubeVideoBytes = async (call: YouTubeCall, upload: Upload): Promise<YouTubeVideoResource> => {
  const total = upload.video.bytes.length;
  let received = 0;
  let statusQueries = 0;
  let stalls = 0;
  for (;;) {
    let state: SessionState;
    try {
      state = stateOf(await sendPiece(call, upload, received, Math.min(received + upload.pieceBytes, total)));
    } catch (error) {
      if (isSessionGone(error)) throw sessionExpired(error as PlatformError);
      if (!isInterruption(error) || statusQueries >= MAX_STATUS_QUERIES) throw error;
      statusQueries += 1;
      state = await askHowFarItGot(call, upload, error);
    }
    if ('video' in state) return state.video;
    stalls = state.received > received ? 0 : stalls + 1;
    if (stalls >= MAX_STALLS) {
      throw new PlatformError(
        'youtube',
        'transient',
        'media_failed',
        `YouTube stopped taking the video at byte ${state.received} of ${total}.`,
      );
    }
    received = state.received;
  }
};
