import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { startYouTubeApiFake, type YouTubeApiFake } from '@agentcast/test-fakes/youtube-api-fake';
import type { PlatformCredentials, PostMedia } from '../common/platform.ts';
import { createYouTubePlatform } from './youtube-platform.ts';

/** The resumable upload's two requests, as the fake names them. */
export const SESSION = 'POST /upload/youtube/v3/videos';
export const BYTES = 'PUT /upload/youtube/v3/videos';
export const PIECE = 256 * 1024;

/**
 * What the YouTube adapter's test files share: the YouTube API fake for the file, a fresh channel per test with no
 * daily upload limit, the adapter, media, and the requests one publish made. Call it once at the top of a file.
 */
export const useYouTubePlatformFixture = () => {
  let fake: YouTubeApiFake;
  let credentials: PlatformCredentials;
  let token: string;

  beforeAll(async () => {
    fake = await startYouTubeApiFake();
  });
  afterAll(() => fake.close());
  beforeEach(() => {
    const channel = fake.addChannel();
    token = channel.token;
    credentials = { accessToken: channel.token, accountId: channel.id };
    fake.settings.dailyUploadsLeft = Number.POSITIVE_INFINITY;
  });

  return {
    get fake() {
      return fake;
    },
    get credentials() {
      return credentials;
    },
    get token() {
      return token;
    },
    youTube: (options: Partial<Parameters<typeof createYouTubePlatform>[0]> = {}) =>
      createYouTubePlatform({ baseUrl: fake.baseUrl, timeoutMs: 2000, ...options }),
    clip: (size = 300_000): PostMedia => ({ kind: 'video', bytes: randomBytes(size), contentType: 'video/mp4' }),
    graphic: (): PostMedia => ({ kind: 'image', bytes: randomBytes(100), contentType: 'image/png' }),
    /** The requests one publish made, from this point on. */
    watch: () => {
      const before = fake.requests.length;
      return () => fake.requests.slice(before);
    },
    storedVideo: (postId: string) => fake.videos.find((video) => video.id === postId),
  };
};
