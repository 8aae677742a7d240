import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runFfmpeg } from './run-ffmpeg.ts';

/**
 * The forms of a run's media that some platforms require: Instagram takes JPEG images only, and a Reel or a YouTube
 * Short is vertical. Made from the stored originals when a delivery first needs them.
 */

/** A PNG (or any image sharp reads) as a high-quality JPEG on the card's own dark ink, where it had transparency. */
export const toJpeg = async (image: Buffer) => {
  // Loaded with the first picture to convert, not at start-up (sharp and libvips: about 25 MB).
  const { default: sharp } = await import('sharp');
  return sharp(image).flatten({ background: '#0b0f1a' }).jpeg({ quality: 90, mozjpeg: true }).toBuffer();
};

/** 9:16 at 1080 × 1920: what Reels and Shorts fill the phone's screen with. */
const VERTICAL_SIZE = { width: 1080, height: 1920 };

/**
 * The video centred on a 9:16 frame of the card's ink, so that a Short or a Reel shows all of it: scaled to the
 * frame's width, bars above and below. The stream is copied nowhere — it is re-encoded in H.264 yuv420p as the
 * original, without audio, with the moov atom first for streaming.
 */
export const toVerticalVideo = async (video: Buffer, ffmpegPath = 'ffmpeg') => {
  const folder = await mkdtemp(join(tmpdir(), 'agentcast-vertical-'));
  try {
    await writeFile(join(folder, 'in.mp4'), video);
    const { width, height } = VERTICAL_SIZE;
    await runFfmpeg(ffmpegPath, [
      '-i',
      join(folder, 'in.mp4'),
      '-vf',
      `scale=${width}:-2,pad=${width}:${height}:0:(oh-ih)/2:color=0x0b0f1a,format=yuv420p`,
      '-an',
      '-c:v',
      'libx264',
      '-preset',
      'veryfast',
      '-pix_fmt',
      'yuv420p',
      '-movflags',
      '+faststart',
      join(folder, 'out.mp4'),
    ]);
    return await readFile(join(folder, 'out.mp4'));
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
};
