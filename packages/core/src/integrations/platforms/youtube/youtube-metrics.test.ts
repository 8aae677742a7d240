import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startYouTubeApiFake, type YouTubeApiFake } from '@agentcast/test-fakes/youtube-api-fake';
import { createYouTubePlatform } from './youtube-platform.ts';
import { type PlatformCredentials } from '../common/platform.ts';
import { failure } from '../common/platform-test-kit.ts';

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
});

const youTube = () => createYouTubePlatform({ baseUrl: fake.baseUrl, timeoutMs: 2000 });
const LIST = 'GET /youtube/v3/videos';
/** A video of the channel, as if it had been uploaded. */
const video = () => {
  const id = randomBytes(8).toString('base64url').slice(0, 11);
  fake.videos.push({
    id,
    channelId: credentials.accountId,
    title: 'A Short',
    description: 'A Short',
    categoryId: '22',
    privacyStatus: 'private',
    selfDeclaredMadeForKids: false,
    publishedAt: new Date().toISOString(),
    contentType: 'video/mp4',
    bytes: Buffer.alloc(0),
  });
  return id;
};

describe('reading the statistics of videos on YouTube', () => {
  it('says it reads 50 videos a request from the project’s 10,000 daily units', () => {
    expect(youTube().metricsReading).toEqual({
      batchSize: 50,
      limit: { requests: 10_000, windowMs: 86_400_000, per: 'app' },
    });
  });

  it('lists the videos’ statistics by id in one request and reads the string counts as numbers', async () => {
    const [first, second] = [video(), video()];
    fake.setMetrics(first, { viewCount: 5400, likeCount: 210, commentCount: 17 });
    fake.setMetrics(second, { viewCount: 12, likeCount: null });
    const before = fake.requestsTo(LIST).length;

    const metrics = await youTube().readMetrics!(credentials, [first, second]);

    const sent = fake.requestsTo(LIST).slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.query).toEqual({ part: 'statistics', id: `${first},${second}` });
    expect(sent[0]?.headers.authorization).toBe(`Bearer ${token}`);
    expect(metrics).toEqual(
      new Map([
        [first, { views: 5400, likes: 210, comments: 17 }],
        // Likes the channel hides are not reported.
        [second, { views: 12, comments: 0 }],
      ]),
    );
  });

  it('leaves out videos YouTube no longer has, and ids that cannot be videos', async () => {
    const kept = video();
    const deleted = video();
    await youTube().deletePost(credentials, deleted);
    const metrics = await youTube().readMetrics!(credentials, [kept, deleted, 'urn:li:share:1']);
    expect([...metrics.keys()]).toEqual([kept]);
    expect(fake.requestsTo(LIST).at(-1)?.query.id).toBe(`${kept},${deleted}`);
  });

  it('waits for midnight Pacific time when the project’s quota is used up', async () => {
    const id = video();
    fake.failNext(LIST, {
      status: 403,
      body: { error: { code: 403, message: 'quota', errors: [{ reason: 'quotaExceeded', domain: 'youtube.quota' }] } },
    });
    const error = await failure(youTube().readMetrics!(credentials, [id]));
    expect(error).toMatchObject({ kind: 'transient', reason: 'quota_reached' });
    expect(error.retryAt!.getTime()).toBeGreaterThan(Date.now());
    expect(error.retryAt!.getTime()).toBeLessThanOrEqual(Date.now() + 25 * 3_600_000);
  });
});
