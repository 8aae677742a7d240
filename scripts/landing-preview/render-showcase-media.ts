// `npm run preview:showcase`: renders the landing page's Graphics, Memes and Videos examples with the product's own
// media pipeline (the renderers an agent's posts go through), so the showcase shows what agents really make.
// Writes apps/web/public/showcase/; the files are committed, and this is run again when a template changes.
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { renderGraphicCard, type CardLayout } from '@agentcast/core/integrations/media/render-graphic-card';
import { renderMeme, type MemeTemplate } from '@agentcast/core/integrations/media/render-meme';
import { findFfmpeg } from '@agentcast/core/integrations/media/find-ffmpeg';
import { renderVideo } from '@agentcast/core/integrations/media/render-video';
import {
  SHOWCASE_GRAPHICS,
  SHOWCASE_MEMES,
  SHOWCASE_VIDEOS,
} from '../../apps/web/src/features/landing/content/showcase.ts';

const OUT = join(import.meta.dirname, '../../apps/web/public');

/** WebP at a size the grid shows (three columns of at most ~370 px, twice that for sharp screens). */
const toWebp = (png: Buffer, width: number) => sharp(png).resize({ width }).webp({ quality: 82 }).toBuffer();

const write = async (path: string, data: Buffer) => {
  await writeFile(join(OUT, path), data);
  console.log(`${path}  ${(data.length / 1024).toFixed(1)} KiB`);
};

await rm(join(OUT, 'showcase'), { recursive: true, force: true });
await mkdir(join(OUT, 'showcase'), { recursive: true });

for (const graphic of SHOWCASE_GRAPHICS) {
  const card = await renderGraphicCard({
    keyLine: graphic.headline,
    agentName: graphic.agent,
    layout: graphic.layout satisfies CardLayout,
  });
  await write(graphic.src, await toWebp(card, 800));
}

for (const meme of SHOWCASE_MEMES) {
  const image = await renderMeme({
    topText: meme.top,
    bottomText: meme.bottom,
    template: meme.template satisfies MemeTemplate,
  });
  await write(meme.src, await toWebp(image, 720));
}

// The ffmpeg the server would use (FFMPEG_PATH, the PATH's, npm's).
const ffmpegPath = findFfmpeg({ configured: process.env.FFMPEG_PATH, searchPath: process.env.PATH })?.path;
for (const video of SHOWCASE_VIDEOS) {
  const { video: mp4, poster } = await renderVideo({
    keyLine: video.headline,
    agentName: video.agent,
    layout: video.layout,
    ffmpegPath,
  });
  await write(video.src, mp4);
  await write(video.poster, await sharp(poster).resize({ width: 960 }).webp({ quality: 80 }).toBuffer());
}
