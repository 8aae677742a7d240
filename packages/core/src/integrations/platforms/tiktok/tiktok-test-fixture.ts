import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll } from 'vitest';
import {
  startTikTokApiFake,
  type TikTokApiFake,
  type TikTokCreatorOptions,
} from '@agentcast/test-fakes/tiktok-api-fake';
import type { PlatformCredentials, PostMedia } from '../common/platform.ts';
import { createTikTokPlatform, type TikTokPlatformOptions } from './tiktok-platform.ts';

/** A loopback file server for the photos TikTok pulls, as the images bucket's public URL would serve them. */
const startPhotoServer = async () => {
  const photos = new Map<string, Buffer>();
  const server = createServer((request, response) => {
    const bytes = photos.get(request.url ?? '');
    if (!bytes) return void response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
    response.writeHead(200, { 'content-type': 'image/jpeg', 'content-length': bytes.length }).end(bytes);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    baseUrl,
    /** A JPEG at a public URL (its bytes need not be a picture: the fake keeps what it pulled). */
    photo: (name: string): PostMedia => {
      const bytes = randomBytes(64);
      photos.set(`/media/${name}`, bytes);
      return { kind: 'image', bytes, contentType: 'image/jpeg', publicUrl: `${baseUrl}/media/${name}` };
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
};

const box = (type: string, ...content: Buffer[]) => {
  const body = Buffer.concat(content);
  const header = Buffer.alloc(8);
  header.writeUInt32BE(8 + body.length);
  header.write(type, 4, 'latin1');
  return Buffer.concat([header, body]);
};

/** An MP4's boxes as far as its length goes: ftyp, moov with an mvhd (version 0, ms timescale), then mdat. */
export const mp4LastingSeconds = (seconds: number) => {
  const mvhd = Buffer.alloc(100);
  mvhd.writeUInt32BE(1000, 12); // timescale, after version/flags and two times
  mvhd.writeUInt32BE(seconds * 1000, 16);
  return Buffer.concat([
    box('ftyp', Buffer.from('isom0000')),
    box('moov', box('mvhd', mvhd)),
    box('mdat', randomBytes(512)),
  ]);
};

/**
 * What the TikTok adapter's test files share: the TikTok API fake and a photo server for the file, creators, the
 * adapter (status read every few ms) and media. Call it once at the top of a file.
 */
export const useTikTokFixture = () => {
  let fake: TikTokApiFake;
  let photos: Awaited<ReturnType<typeof startPhotoServer>>;

  beforeAll(async () => {
    [fake, photos] = await Promise.all([startTikTokApiFake(), startPhotoServer()]);
  });
  afterAll(() => Promise.all([fake.close(), photos.close()]));

  return {
    get fake() {
      return fake;
    },
    get photoBaseUrl() {
      return photos.baseUrl;
    },
    /** A creator on the fake and the credentials the adapter gets for it. */
    creator: (options?: TikTokCreatorOptions) => {
      const creator = fake.addCreator(options);
      const credentials: PlatformCredentials = { accessToken: creator.token, accountId: creator.openId };
      return { creator, credentials };
    },
    tiktok: (options: Partial<TikTokPlatformOptions> = {}) =>
      createTikTokPlatform({
        baseUrl: fake.baseUrl,
        timeoutMs: 2000,
        audited: false,
        statusPollIntervalMs: 5,
        ...options,
      }),
    clip: (bytes: Buffer = randomBytes(4096)): PostMedia => ({ kind: 'video', bytes, contentType: 'video/mp4' }),
    photo: (name: string) => photos.photo(name),
    /** The requests made from this point on, by route. */
    watch: () => {
      const before = fake.requests.length;
      return () => fake.requests.slice(before);
    },
  };
};
