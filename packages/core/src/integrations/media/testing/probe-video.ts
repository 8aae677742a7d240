import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export type ProbedStream = { kind: string; codec: string; pixelFormat?: string; width?: number; height?: number };

/**
 * A video's streams and duration as ffmpeg itself reads them (`ffmpeg -i`, no output: it prints the input and exits
 * 1), so a test needs no ffprobe: the npm package ships ffmpeg only. Lines as printed by ffmpeg 4.1 to 7:
 *   Stream #0:0[0x1](und): Video: h264 (High) (avc1 / 0x31637661), yuv420p(progressive), 1200x676, 375 kb/s, …
 *   Stream #0:1(und): Audio: aac (LC) (mp4a / 0x6134706D), 44100 Hz, stereo, fltp, 128 kb/s
 */
export const probeVideo = (ffmpegPath: string, video: Buffer) => {
  const folder = mkdtempSync(join(tmpdir(), 'agentcast-probe-'));
  try {
    const file = join(folder, 'video.mp4');
    writeFileSync(file, video);
    const { stderr, error } = spawnSync(ffmpegPath, ['-hide_banner', '-nostdin', '-i', file], { encoding: 'utf8' });
    if (error) throw error;
    const streams = [...stderr.matchAll(/^\s*Stream #\d+:\d+\S*: (\w+): (\w+)(.*)$/gm)].map(
      ([, kind, codec, rest]): ProbedStream => {
        const picture = /, (\w+)(?:\([^)]*\))?, (\d+)x(\d+)/.exec(rest!);
        return picture
          ? {
              kind: kind!,
              codec: codec!,
              pixelFormat: picture[1],
              width: Number(picture[2]),
              height: Number(picture[3]),
            }
          : { kind: kind!, codec: codec! };
      },
    );
    const [, hours, minutes, seconds] = /Duration: (\d+):(\d+):([\d.]+)/.exec(stderr) ?? [];
    return { streams, durationSeconds: Number(hours) * 3600 + Number(minutes) * 60 + Number(seconds) };
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
};
