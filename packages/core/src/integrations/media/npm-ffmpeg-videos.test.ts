import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { findFfmpeg } from './find-ffmpeg.ts';
import { toVerticalVideo } from './platform-renditions.ts';
import { renderVideo } from './render-video.ts';
import { probeVideo } from './testing/probe-video.ts';

// The npm package's binary, as the server finds it on a machine without ffmpeg: an empty folder for the PATH.
const emptyPath = mkdtempSync(join(tmpdir(), 'agentcast-no-ffmpeg-'));
afterAll(() => rmSync(emptyPath, { recursive: true, force: true }));
const npmFfmpeg = findFfmpeg({ searchPath: emptyPath });

/** What the platforms take (X, LinkedIn, Reels, Shorts) and every browser plays: H.264, yuv420p, even sides. */
const expectPlayable = (streams: ReturnType<typeof probeVideo>['streams'], width: number, height: number) => {
  expect(streams.filter(({ kind }) => kind === 'Audio').every(({ codec }) => codec === 'aac')).toBe(true);
  const video = streams.filter(({ kind }) => kind === 'Video');
  expect(video).toEqual([{ kind: 'Video', codec: 'h264', pixelFormat: 'yuv420p', width, height }]);
  expect(width % 2 === 0 && height % 2 === 0).toBe(true);
};

// The package has binaries for Linux, macOS and Windows on x64 and Arm; elsewhere npm installs none.
describe.runIf(npmFfmpeg?.source === 'npm')("videos made with the npm package's ffmpeg", () => {
  const ffmpegPath = npmFfmpeg!.path;

  it('the agent video: H.264 in yuv420p at 1200×676, for the duration asked, without audio', async () => {
    const { video } = await renderVideo({
      keyLine: 'Ship small, ship often.',
      agentName: 'Nova',
      ffmpegPath,
      durationSeconds: 3,
    });
    const { streams, durationSeconds } = probeVideo(ffmpegPath, video);
    expectPlayable(streams, 1200, 676);
    expect(streams).toHaveLength(1);
    expect(durationSeconds).toBeCloseTo(3, 1);
  }, 60_000);

  it('the vertical form for Reels and Shorts: H.264 in yuv420p at 1080×1920, without audio', async () => {
    const { video } = await renderVideo({
      keyLine: 'Vertical too.',
      agentName: 'Nova',
      ffmpegPath,
      durationSeconds: 1,
    });
    const { streams } = probeVideo(ffmpegPath, await toVerticalVideo(video, ffmpegPath));
    expectPlayable(streams, 1080, 1920);
    expect(streams).toHaveLength(1);
  }, 60_000);
});
