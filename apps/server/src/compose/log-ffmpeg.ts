import type { Logger } from 'pino';
import type { FoundFfmpeg } from '@agentcast/core/integrations/media/find-ffmpeg';
import { readFfmpegVersion } from '@agentcast/core/integrations/media/read-ffmpeg-version';

const HOW_TO_GET_ONE =
  'npm install brings one for this platform (@ffmpeg-installer/ffmpeg, an optional dependency); or install one on ' +
  'the PATH (e.g. apt-get install ffmpeg), or set FFMPEG_PATH';

const SOURCES: Record<FoundFfmpeg['source'], string> = {
  FFMPEG_PATH: 'FFMPEG_PATH',
  PATH: 'on the PATH',
  npm: 'the npm package @ffmpeg-installer/ffmpeg',
};

/**
 * Says once at start-up which ffmpeg makes the agents' videos, with its version line, or that videos are skipped and
 * how to get one. Called after the server listens and not awaited: reading the version starts a process (~20–50 ms).
 */
export const logFfmpeg = async (ffmpeg: FoundFfmpeg | undefined, logger: Logger) => {
  if (!ffmpeg) {
    logger.warn(`No ffmpeg found: agent videos are skipped. ${HOW_TO_GET_ONE}.`);
    return;
  }
  try {
    const version = await readFfmpegVersion(ffmpeg.path);
    logger.info(
      { ffmpeg: ffmpeg.path, from: ffmpeg.source, version },
      `Videos are made with ${ffmpeg.path} (${SOURCES[ffmpeg.source]})`,
    );
  } catch (error) {
    logger.warn(
      { ffmpeg: ffmpeg.path, from: ffmpeg.source, err: error },
      `ffmpeg at ${ffmpeg.path} (${ffmpeg.source}) does not run: agent videos are skipped until it does. ${HOW_TO_GET_ONE}.`,
    );
  }
};
