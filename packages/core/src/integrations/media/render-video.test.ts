import { execFile, spawnSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { FfmpegMissingError, renderVideo } from './render-video.ts';

const hasFfprobe = !spawnSync('ffprobe', ['-version']).error;
const folder = await mkdtemp(join(tmpdir(), 'agentcast-video-test-'));
afterAll(() => rm(folder, { recursive: true, force: true }));

const probe = async (video: Buffer) => {
  const file = join(folder, 'probe.mp4');
  await writeFile(file, video);
  const { stdout } = await promisify(execFile)('ffprobe', [
    '-v',
    'error',
    '-show_entries',
    'stream=codec_name,width,height,pix_fmt',
    '-show_entries',
    'format=duration',
    '-of',
    'json',
    file,
  ]);
  return JSON.parse(stdout) as { streams: Record<string, unknown>[]; format: { duration: string } };
};

describe('renderVideo', () => {
  it('renders an MP4', async () => {
    const { video } = await renderVideo({ keyLine: 'Ship small, ship often.', agentName: 'Nova' });
    expect(video.subarray(4, 8).toString('latin1')).toBe('ftyp');
  }, 30_000);

  it('gives the video a poster: a PNG frame of its own size, showing the card rather than a black fade', async () => {
    const { poster } = await renderVideo({ keyLine: 'Ship small, ship often.', agentName: 'Nova', layout: 'paper' });
    await writeFile(join(folder, 'poster.png'), poster);
    expect(await sharp(poster).metadata()).toMatchObject({ format: 'png', width: 1200, height: 676 });
    // The paper layout is light: a frame from the middle of the clip is too, where the fades' ink would be dark.
    const { channels } = await sharp(poster).stats();
    expect(channels[0]!.mean).toBeGreaterThan(180);
  }, 30_000);

  it.skipIf(!hasFfprobe)(
    'encodes H.264 in yuv420p at 1200×676 for the duration asked, without audio',
    async () => {
      const { streams, format } = await probe(
        (await renderVideo({ keyLine: 'Consistency beats intensity.', agentName: 'Nova', durationSeconds: 3 })).video,
      );
      expect(streams).toEqual([{ codec_name: 'h264', width: 1200, height: 676, pix_fmt: 'yuv420p' }]);
      expect(Number(format.duration)).toBeCloseTo(3, 1);
    },
    30_000,
  );

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
});
