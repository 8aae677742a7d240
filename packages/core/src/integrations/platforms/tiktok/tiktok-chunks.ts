/**
 * TikTok's chunk rules for FILE_UPLOAD (Content Posting API, media transfer guide): every chunk 5–64 MB but the last,
 * which takes the trailing bytes (up to 128 MB); a video under 5 MB goes whole; total_chunk_count is the video size
 * divided by the chunk size, rounded down; 1 to 1,000 chunks, sent in order. TikTok does not say whether its MB are
 * 10^6 or 2^20 bytes, so the bounds hold under both readings: chunks of at least 5 MiB and at most 64,000,000 bytes,
 * which keeps the last chunk under 128,000,000 bytes.
 */
export const TIKTOK_MIN_CHUNK_BYTES = 5 * 1024 * 1024;
export const TIKTOK_MAX_CHUNK_BYTES = 64_000_000;
const MAX_CHUNKS = 1000;

/** One PUT of the upload: bytes `start` to `end` (exclusive). */
export type TikTokChunk = { start: number; end: number };
export type TikTokChunkPlan = { chunkSize: number; totalChunkCount: number; chunks: TikTokChunk[] };

/**
 * How a video of `videoSize` bytes is sent in chunks of about `preferredChunkBytes` (already within TikTok's
 * bounds): whole when it fits in one chunk (a video under 5 MB must go whole, and any video up to the chunk size
 * may), else chunks of exactly the chunk size with the remainder joined to the last one.
 */
export const planTikTokChunks = (videoSize: number, preferredChunkBytes: number): TikTokChunkPlan => {
  // Only a video past 1,000 chunks (about 5 GB at the smallest size) needs bigger ones.
  const chunkSize = Math.min(TIKTOK_MAX_CHUNK_BYTES, Math.max(preferredChunkBytes, Math.ceil(videoSize / MAX_CHUNKS)));
  if (videoSize <= chunkSize)
    return { chunkSize: videoSize, totalChunkCount: 1, chunks: [{ start: 0, end: videoSize }] };
  const totalChunkCount = Math.floor(videoSize / chunkSize);
  const chunks = Array.from({ length: totalChunkCount }, (_, index) => ({
    start: index * chunkSize,
    end: index === totalChunkCount - 1 ? videoSize : (index + 1) * chunkSize,
  }));
  return { chunkSize, totalChunkCount, chunks };
};
