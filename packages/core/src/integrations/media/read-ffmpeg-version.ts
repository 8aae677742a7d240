import { execFile } from 'node:child_process';

/**
 * The first line of `ffmpeg -version` ("ffmpeg version 5.1.9-0+deb12u1 Copyright …"), for the start-up log; rejects when it
 * cannot be run (ENOENT when it is not there). One process start, ~20–50 ms: not for the start-up's own path.
 */
export const readFfmpegVersion = (ffmpegPath: string) =>
  new Promise<string>((resolve, reject) => {
    execFile(ffmpegPath, ['-hide_banner', '-version'], { timeout: 10_000 }, (error, stdout) => {
      if (error) reject(error);
      else resolve(stdout.split('\n', 1)[0]!.trim());
    });
  });
