import { describe, expect, it } from 'vitest';
import { planTikTokChunks, TIKTOK_MAX_CHUNK_BYTES, TIKTOK_MIN_CHUNK_BYTES } from './tiktok-chunks.ts';

const ranges = (size: number, chunk: number) =>
  planTikTokChunks(size, chunk).chunks.map(({ start, end }) => `${start}-${end - 1}`);

describe("TikTok's upload chunks", () => {
  it('sends a video under 5 MB whole, its chunk size its own size', () => {
    expect(planTikTokChunks(3_145_728, 10_000_000)).toEqual({
      chunkSize: 3_145_728,
      totalChunkCount: 1,
      chunks: [{ start: 0, end: 3_145_728 }],
    });
  });

  it("splits TikTok's own example (50,000,123 bytes in 10 MB) into 5, the last taking the remainder", () => {
    const plan = planTikTokChunks(50_000_123, 10_000_000);
    expect(plan).toMatchObject({ chunkSize: 10_000_000, totalChunkCount: 5 });
    expect(ranges(50_000_123, 10_000_000)).toEqual([
      '0-9999999',
      '10000000-19999999',
      '20000000-29999999',
      '30000000-39999999',
      '40000000-50000122',
    ]);
  });

  it('counts the chunks rounded down, so a video of one and a half chunks goes in one', () => {
    expect(planTikTokChunks(15_000_000, 10_000_000)).toEqual({
      chunkSize: 10_000_000,
      totalChunkCount: 1,
      chunks: [{ start: 0, end: 15_000_000 }],
    });
  });

  it('keeps every chunk within the bounds under either reading of MB, the last under 128 MB', () => {
    for (const size of [TIKTOK_MIN_CHUNK_BYTES * 2 + 1, 150_000_000, 4_294_967_296, 60_000_000_000]) {
      for (const preferred of [TIKTOK_MIN_CHUNK_BYTES, 10_000_000, TIKTOK_MAX_CHUNK_BYTES]) {
        const { chunkSize, totalChunkCount, chunks } = planTikTokChunks(size, preferred);
        expect(totalChunkCount).toBe(Math.floor(size / chunkSize));
        expect(chunks).toHaveLength(totalChunkCount);
        expect(totalChunkCount).toBeLessThanOrEqual(1000);
        expect(chunkSize).toBeGreaterThanOrEqual(5 * 1024 * 1024);
        expect(chunkSize).toBeLessThanOrEqual(64_000_000);
        expect(chunks.at(-1)!.end - chunks.at(-1)!.start).toBeLessThan(128_000_000);
        expect(chunks.every((chunk, index) => chunk.start === index * chunkSize)).toBe(true);
        expect(chunks.at(-1)!.end).toBe(size);
      }
    }
  });
});
