import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import type { PostMedia } from '../common/platform.ts';

/** Where the tests' media live, as the images bucket's public URL would serve them to Instagram. */
export type TestMediaServer = {
  baseUrl: string;
  jpeg: Buffer;
  png: Buffer;
  poster: Buffer;
  video: Buffer;
  /** A JPEG graphic at a public URL, as publishing stores it for Instagram. */
  graphic: (overrides?: Partial<PostMedia>) => PostMedia;
  /** A PNG meme at a public URL (the form the run makes, which Instagram does not take). */
  pngMeme: () => PostMedia;
  /** A vertical MP4 at a public URL with its poster frame. */
  reel: (overrides?: Partial<PostMedia>) => PostMedia;
  close: () => Promise<void>;
};

/** A tiny loopback file server for the media a test publishes; any other path answers 404. */
export const startTestMediaServer = async (): Promise<TestMediaServer> => {
  const image = (background: string) => sharp({ create: { width: 8, height: 8, channels: 3, background } });
  const jpeg = await image('#e1306c').jpeg().toBuffer();
  const poster = await image('#833ab4').jpeg().toBuffer();
  const png = await image('#fcaf45').png().toBuffer();
  const video = randomBytes(4096);
  const files: Record<string, { bytes: Buffer; contentType: string }> = {
    '/media/graphic.jpg': { bytes: jpeg, contentType: 'image/jpeg' },
    '/media/meme.png': { bytes: png, contentType: 'image/png' },
    '/media/clip.mp4': { bytes: video, contentType: 'video/mp4' },
    '/media/clip-poster.jpg': { bytes: poster, contentType: 'image/jpeg' },
  };
  const server = createServer((request, response) => {
    const file = files[request.url ?? ''];
    if (!file) return void response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
    response.writeHead(200, { 'content-type': file.contentType, 'content-length': file.bytes.length }).end(file.bytes);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    baseUrl,
    jpeg,
    png,
    poster,
    video,
    graphic: (overrides = {}) => ({
      kind: 'image',
      bytes: jpeg,
      contentType: 'image/jpeg',
      altText: 'The key line on a card',
      publicUrl: `${baseUrl}/media/graphic.jpg`,
      ...overrides,
    }),
    pngMeme: () => ({ kind: 'image', bytes: png, contentType: 'image/png', publicUrl: `${baseUrl}/media/meme.png` }),
    reel: (overrides = {}) => ({
      kind: 'video',
      bytes: video,
      contentType: 'video/mp4',
      publicUrl: `${baseUrl}/media/clip.mp4`,
      posterUrl: `${baseUrl}/media/clip-poster.jpg`,
      ...overrides,
    }),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
};
