import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { startXApiFake, type XApiFake, type XUser } from '@agentcast/test-fakes/x-api-fake';
import type { PlatformCredentials, PostMedia } from '../common/platform.ts';
import { closedAddress, failure } from '../common/platform-test-kit.ts';
import { createXPlatform } from './x-platform.ts';

/**
 * What the X adapter's test files share: the X API fake for the file, a fresh account per test (X's duplicate rule
 * and timelines are per user), and the adapter and media they post with. Call it once at the top of a test file.
 */
export const useXPlatformFixture = () => {
  let fake: XApiFake;
  let agent: XUser & { token: string };
  let credentials: PlatformCredentials;
  let png: Buffer;

  beforeAll(async () => {
    fake = await startXApiFake();
    png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#3366ff' } })
      .png()
      .toBuffer();
  });
  afterAll(() => fake.close());
  beforeEach(() => {
    agent = fake.addUser({ username: `agent${fake.users.length}`, name: 'Agent' });
    credentials = { accessToken: agent.token, accountId: agent.id };
    fake.videoProcessing.statusPolls = 2;
    fake.videoProcessing.checkAfterSecs = 0;
    delete fake.videoProcessing.failWith;
  });

  return {
    get fake() {
      return fake;
    },
    get agent() {
      return agent;
    },
    get credentials() {
      return credentials;
    },
    get png() {
      return png;
    },
    x: (options: Partial<Parameters<typeof createXPlatform>[0]> = {}) =>
      createXPlatform({ baseUrl: fake.baseUrl, timeoutMs: 2000, mediaChunkBytes: 4096, ...options }),
    image: (): PostMedia => ({ kind: 'image', bytes: png, contentType: 'image/png', altText: 'A blue square' }),
    video: (bytes = randomBytes(10_000)): PostMedia => ({ kind: 'video', bytes, contentType: 'video/mp4' }),
    newRequests: (since: number) => fake.requests.slice(since).map((request) => `${request.method} ${request.route}`),
    closedAddress,
    failure,
  };
};
