import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { renderGraphicCard, type CardFormat, type CardLayout } from './render-graphic-card.ts';
import { runFfmpeg } from './run-ffmpeg.ts';

export { FfmpegMissingError } from './run-ffmpeg.ts';

const FPS = 30;
/**
 * The video's size: H.264 in yuv420p needs even sides, so the 1200×675 card is stretched by one pixel (0.15%,
 * invisible); the portrait card is 9:16 already (1080×1920, what Reels and Shorts fill a phone with).
 */
export const VIDEO_SIZES: Record<CardFormat, { width: number; height: number }> = {
  landscape: { width: 1200, height: 676 },
  portrait: { width: 1080, height: 1920 },
};
const ZOOM = 0.06;

/**
 * A slow centred zoom-in with a fade in and out from the card's own ink colour. zoompan crops at whole pixels, which
 * makes a slow zoom judder; working on a 2× upscale halves the steps. The portrait card is tall enough that its
 * steps are already fine, and upscaling it would make every frame 4K. Fading after the conversion to yuv420p is
 * about a third faster.
 */
const filtersFor = (frames: number, seconds: number, format: CardFormat) => {
  const fade = Math.min(0.5, seconds / 4);
  const { width, height } = VIDEO_SIZES[format];
  return [
    ...(format === 'landscape' ? ['scale=iw*2:ih*2'] : []),
    `zoompan=z='1+${ZOOM}*on/${Math.max(frames - 1, 1)}':x='iw/2-iw/zoom/2':y='ih/2-ih/zoom/2':d=${frames}:s=${width}x${height}:fps=${FPS}`,
    'format=yuv420p',
    `fade=t=in:d=${fade}:color=0x0b0f1a`,
    `fade=t=out:st=${seconds - fade}:d=${fade}:color=0x0b0f1a`,
  ].join(',');
};

/**
 * A short MP4 of the graphic card (H.264, yuv420p, no audio) that plays on every platform and browser, and its poster:
 * a PNG of the frame halfway through (faded in, not yet out), the video's own size, for players to show before play.
 * `portrait` renders the card composed for 9:16 (Reels, Shorts), not the landscape one with bars.
 */
export const renderVideo = async ({
  keyLine,
  agentName,
  avatar,
  layout,
  format = 'landscape',
  ffmpegPath = 'ffmpeg',
  durationSeconds = 4,
}: {
  keyLine: string;
  agentName: string;
  avatar?: Buffer | null;
  layout?: CardLayout;
  format?: CardFormat;
  ffmpegPath?: string;
  durationSeconds?: number;
}): Promise<{ video: Buffer; poster: Buffer }> => {
  if (!(durationSeconds > 0 && durationSeconds <= 60))
    throw new RangeError('durationSeconds must be between 0 and 60.');
  const frames = Math.max(1, Math.round(durationSeconds * FPS));
  const card = await renderGraphicCard({ keyLine, agentName, avatar, layout, format });
  const folder = await mkdtemp(join(tmpdir(), 'agentcast-video-'));
  try {
    await writeFile(join(folder, 'card.png'), card);
    await runFfmpeg(ffmpegPath, [
      '-i',
      join(folder, 'card.png'),
      '-vf',
      filtersFor(frames, frames / FPS, format),
      '-frames:v',
      String(frames),
      '-an',
      '-c:v',
      'libx264',
      '-preset',
      'veryfast',
      '-pix_fmt',
      'yuv420p',
      '-movflags',
      '+faststart',
      join(folder, 'video.mp4'),
    ]);
    await runFfmpeg(ffmpegPath, [
      '-ss',
      String(frames / FPS / 2),
      '-i',
      join(folder, 'video.mp4'),
      '-frames:v',
      '1',
      '-update',
      '1',
      join(folder, 'poster.png'),
    ]);
    return { video: await readFile(join(folder, 'video.mp4')), poster: await readFile(join(folder, 'poster.png')) };
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
};
