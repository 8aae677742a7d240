import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startInstagramApiFake, type InstagramApiFake } from '@agentcast/test-fakes/instagram-api-fake';
import { createInstagramPlatform } from './instagram-platform.ts';
import { type PlatformCredentials } from '../common/platform.ts';
import { failure } from '../common/platform-test-kit.ts';

let fake: InstagramApiFake;
let credentials: PlatformCredentials;
let token: string;
let nextMedia = 18_100_000_000_000_000n;

beforeAll(async () => {
  fake = await startInstagramApiFake();
});
afterAll(() => fake.close());
beforeEach(() => {
  const account = fake.addAccount();
  token = account.token;
  credentials = { accessToken: account.token, accountId: account.id };
  Object.assign(fake.settings, { canReadInsights: true, insightsViewersNeeded: 0 });
});

const instagram = () => createInstagramPlatform({ baseUrl: fake.baseUrl, timeoutMs: 2000 });
const INSIGHTS = 'GET /v23.0/:node/insights';
/** A post of the account, as if it had been published. */
const post = (owner = credentials.accountId) => {
  const shortcode = randomBytes(6).toString('base64url');
  const media = {
    id: String((nextMedia += 1n)),
    owner,
    caption: 'A post',
    media_type: 'IMAGE' as const,
    media_product_type: 'FEED' as const,
    shortcode,
    permalink: `https://www.instagram.com/p/${shortcode}/`,
    timestamp: new Date().toISOString().replace(/\.\d+Z$/, '+0000'),
    containerId: '1',
  };
  fake.media.push(media);
  return media.id;
};

describe('reading the insights of posts on Instagram', () => {
  it('says it reads one post a request, within 200 an hour per account', () => {
    expect(instagram().metricsReading).toEqual({
      batchSize: 1,
      limit: { requests: 200, windowMs: 3_600_000, per: 'account' },
    });
  });

  it('asks for the six lifetime metrics with the token in the header and reads them as the contract names them', async () => {
    const mediaId = post();
    fake.setMetrics(mediaId, { views: 900, reach: 610, likes: 42, comments: 7, shares: 3, saved: 11 });
    const before = fake.requestsTo(INSIGHTS).length;

    const metrics = await instagram().readMetrics!(credentials, [mediaId]);

    const [request] = fake.requestsTo(INSIGHTS).slice(before);
    expect(request?.path).toBe(`/v23.0/${mediaId}/insights`);
    expect(request?.query).toEqual({ metric: 'views,reach,likes,comments,shares,saved' });
    expect(request?.headers.authorization).toBe(`Bearer ${token}`);
    expect(metrics).toEqual(
      new Map([[mediaId, { views: 900, reach: 610, likes: 42, comments: 7, shares: 3, saves: 11 }]]),
    );
  });

  it('leaves out a post Instagram no longer has, and keeps one too few saw yet without figures', async () => {
    const gone = post('17841499999999999');
    const fresh = post();
    fake.settings.insightsViewersNeeded = 5;
    const metrics = await instagram().readMetrics!(credentials, [gone, fresh, 'not-a-media-id']);
    expect(metrics).toEqual(new Map([[fresh, {}]]));
  });

  it('says the app may not read insights without the permission, so the reader stops', async () => {
    const mediaId = post();
    fake.settings.canReadInsights = false;
    const error = await failure(instagram().readMetrics!(credentials, [mediaId]));
    expect(error).toMatchObject({ kind: 'permanent', reason: 'forbidden' });
    expect(error.message).toMatch(/instagram_business_manage_insights/);
  });

  it('is rate-limited until Instagram says, and an expired token asks to reconnect', async () => {
    const mediaId = post();
    fake.failNext(INSIGHTS, { status: 429, retryAfterSeconds: 1800 });
    const limited = await failure(instagram().readMetrics!(credentials, [mediaId]));
    expect(limited).toMatchObject({ kind: 'transient', reason: 'rate_limited' });
    expect(limited.retryAt!.getTime()).toBeGreaterThan(Date.now() + 1_790_000);
    fake.failNext(INSIGHTS, { status: 401 });
    expect(await failure(instagram().readMetrics!(credentials, [mediaId]))).toMatchObject({
      kind: 'permanent',
      reason: 'reconnect_required',
    });
  });
});
