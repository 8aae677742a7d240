import { spawn } from 'node:child_process';

export class FfmpegMissingError extends Error {
  constructor() {
    super(
      'Video skipped: ffmpeg is not installed on the server (install it, e.g. apt-get install ffmpeg, or set FFMPEG_PATH).',
    );
    this.name = 'FfmpegMissingError';
  }
}

// A hung encoder must not hold a worker forever; a 4 s clip takes about a second.
const TIMEOUT_MS = 60_000;

/** Runs ffmpeg with these arguments; rejects with its last error lines, or FfmpegMissingError when it is not installed. */
export const runFfmpeg = (ffmpegPath: string, args: string[]) =>
  new Promise<void>((resolve, reject) => {
    // Never reads stdin, prints only errors, overwrites its outputs (in our own temporary folder).
    const ffmpeg = spawn(ffmpegPath, ['-nostdin', '-hide_banner', '-loglevel', 'error', '-y', ...args], {
      stdio: ['ignore', 'ignore', 'pipe'],
      timeout: TIMEOUT_MS,
    });
    let stderr = '';
    ffmpeg.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr = (stderr + chunk).slice(-2000);
    });
    ffmpeg.on('error', (error: NodeJS.ErrnoException) =>
      reject(error.code === 'ENOENT' ? new FfmpegMissingError() : error),
    );
    ffmpeg.on('close', (code, signal) => {
      if (code === 0) resolve();
      else
        reject(
          new Error(
            `ffmpeg failed (${signal ?? `exit code ${code}`}): ${stderr.trim().split('\n').slice(-5).join('\n')}`,
          ),
        );
    });
  });
