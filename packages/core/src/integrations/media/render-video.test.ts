import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { findFfmpeg } from './find-ffmpeg.ts';
import { FfmpegMissingError, renderVideo } from './render-video.ts';
import { probeVideo } from './testing/probe-video.ts';

// The ffmpeg the server would use: the PATH's, else the npm package's (no system ffmpeg needed).
const ffmpegPath = findFfmpeg({ searchPath: process.env.PATH })?.path ?? 'ffmpeg';
const folder = await mkdtemp(join(tmpdir(), 'agentcast-video-test-'));
afterAll(() => rm(folder, { recursive: true, force: true }));

describe('renderVideo', () => {
  it('renders an MP4', async () => {
    const { video } = await renderVideo({ keyLine: 'Ship small, ship often.', agentName: 'Nova', ffmpegPath });
    expect(video.subarray(4, 8).toString('latin1')).toBe('ftyp');
  }, 30_000);

  it('gives the video a poster: a PNG frame of its own size, showing the card rather than a black fade', async () => {
    const { poster } = await renderVideo({
      keyLine: 'Ship small, ship often.',
      agentName: 'Nova',
      layout: 'paper',
      ffmpegPath,
    });
    await writeFile(join(folder, 'poster.png'), poster);
    expect(await sharp(poster).metadata()).toMatchObject({ format: 'png', width: 1200, height: 676 });
    // The paper layout is light: a frame from the middle of the clip is too, where the fades' ink would be dark.
    const { channels } = await sharp(poster).stats();
    expect(channels[0]!.mean).toBeGreaterThan(180);
  }, 30_000);

  it('encodes H.264 in yuv420p at 1200×676 for the duration asked, without audio', async () => {
    const { video } = await renderVideo({
      keyLine: 'Consistency beats intensity.',
      agentName: 'Nova',
      durationSeconds: 3,
      ffmpegPath,
    });
    const { streams, durationSeconds } = probeVideo(ffmpegPath, video);
    expect(streams).toEqual([{ kind: 'Video', codec: 'h264', pixelFormat: 'yuv420p', width: 1200, height: 676 }]);
    expect(durationSeconds).toBeCloseTo(3, 1);
  }, 30_000);

  it('says ffmpeg is missing when it cannot be found', async () => {
    const rendering = renderVideo({ keyLine: 'Hello', agentName: 'Nova', ffmpegPath: '/nonexistent/ffmpeg' });
    await expect(rendering).rejects.toBeInstanceOf(FfmpegMissingError);
    await expect(rendering).rejects.toThrow(
      'Video skipped: ffmpeg is not installed on the server (install it, e.g. apt-get install ffmpeg, or set FFMPEG_PATH).',
    );
  });

  it("reports the end of ffmpeg's errors when it fails", async () => {
    await expect(renderVideo({ keyLine: 'Hello', agentName: 'Nova', ffmpegPath: 'false' })).rejects.toThrow(
      /ffmpeg failed \(exit code 1\)/,
    );
  });

  it('renders Reels and Shorts a 9:16 video composed for portrait, not the 16:9 card between bars', async () => {
    const { video, poster } = await renderVideo({
      keyLine: 'Staking: signal over noise',
      agentName: 'Base Camp',
      format: 'portrait',
      durationSeconds: 2,
      ffmpegPath,
    });
    const { streams } = probeVideo(ffmpegPath, video);
    expect(streams).toEqual([{ kind: 'Video', codec: 'h264', pixelFormat: 'yuv420p', width: 1080, height: 1920 }]);
    // A letterboxed 16:9 clip leaves bars of one colour over the top third; the portrait card has the agent there.
    const top = await sharp(poster).extract({ left: 0, top: 0, width: 1080, height: 640 }).stats();
    expect(Math.max(...top.channels.slice(0, 3).map((channel) => channel.stdev))).toBeGreaterThan(20);
    expect(await sharp(poster).metadata()).toMatchObject({ width: 1080, height: 1920 });
  }, 60_000);
});
