import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { mp4LastingSeconds } from './tiktok-test-fixture.ts';
import { mp4DurationSeconds } from './tiktok-video-duration.ts';

describe("a video's length from its MP4 header", () => {
  it('reads the movie header: duration over timescale', () => {
    expect(mp4DurationSeconds(mp4LastingSeconds(75))).toBe(75);
  });

  it('reads a version 1 header (64-bit times)', () => {
    const mvhd = Buffer.alloc(120);
    mvhd[0] = 1;
    mvhd.writeUInt32BE(600, 20);
    mvhd.writeBigUInt64BE(9000n, 24);
    const moov = Buffer.concat([
      Buffer.from([0, 0, 0, 136]),
      Buffer.from('moov'),
      Buffer.from([0, 0, 0, 128]),
      Buffer.from('mvhd'),
      mvhd,
    ]);
    expect(mp4DurationSeconds(moov)).toBe(15);
  });

  it('says nothing for bytes that are not an MP4 it can read', () => {
    expect(mp4DurationSeconds(randomBytes(4096))).toBeUndefined();
    expect(mp4DurationSeconds(Buffer.alloc(0))).toBeUndefined();
    expect(mp4DurationSeconds(mp4LastingSeconds(30).subarray(0, 40))).toBeUndefined();
  });
});
