import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startLinkedInApiFake, type LinkedInApiFake } from '@agentcast/test-fakes/linkedin-api-fake';
import { LINKEDIN_API_VERSION } from './linkedin-api-version.ts';
import { createLinkedInPlatform } from './linkedin-platform.ts';
import { type PlatformCredentials } from '../common/platform.ts';
import { failure } from '../common/platform-test-kit.ts';

let fake: LinkedInApiFake;
let credentials: PlatformCredentials;
let token: string;

beforeAll(async () => {
  fake = await startLinkedInApiFake();
});
afterAll(() => fake.close());
beforeEach(() => {
  const member = fake.addMember();
  token = member.token;
  credentials = { accessToken: member.token, accountId: member.urn };
  fake.settings.canReadPosts = true;
});

const linkedIn = () => createLinkedInPlatform({ baseUrl: fake.baseUrl, timeoutMs: 2000 });
const SOCIAL_ACTIONS = 'GET /rest/socialActions/:urn';
const publish = async (text: string) => (await linkedIn().publish(credentials, { text })).postId;

describe('reading the metrics of posts on LinkedIn', () => {
  it('says it reads one post a request, within an assumed 500 a member a day', () => {
    expect(linkedIn().metricsReading).toEqual({
      batchSize: 1,
      limit: { requests: 500, windowMs: 86_400_000, per: 'account' },
    });
  });

  it('reads the post’s social actions with the versioned headers: likes, and comments with their replies', async () => {
    const urn = await publish('Metrics on LinkedIn');
    fake.setMetrics(urn, { totalLikes: 14, totalFirstLevelComments: 3, aggregatedTotalComments: 5 });
    const before = fake.requestsTo(SOCIAL_ACTIONS).length;

    const metrics = await linkedIn().readMetrics!(credentials, [urn]);

    const [request] = fake.requestsTo(SOCIAL_ACTIONS).slice(before);
    expect(request?.url).toBe(`/rest/socialActions/${encodeURIComponent(urn)}`);
    expect(request?.headers).toMatchObject({
      authorization: `Bearer ${token}`,
      'linkedin-version': LINKEDIN_API_VERSION,
      'x-restli-protocol-version': '2.0.0',
    });
    expect(metrics).toEqual(new Map([[urn, { likes: 14, comments: 5 }]]));
  });

  it('leaves out a post LinkedIn no longer has (404)', async () => {
    const kept = await publish('Kept');
    const deleted = await publish('Deleted');
    await linkedIn().deletePost(credentials, deleted);
    const metrics = await linkedIn().readMetrics!(credentials, [kept, deleted]);
    expect([...metrics.entries()]).toEqual([[kept, { likes: 0, comments: 0 }]]);
  });

  it('says the app may not read them when LinkedIn answers 403 (no r_member_social), so the reader stops', async () => {
    const urn = await publish('Not readable');
    fake.settings.canReadPosts = false;
    const error = await failure(linkedIn().readMetrics!(credentials, [urn]));
    expect(error).toMatchObject({ kind: 'permanent', reason: 'forbidden', status: 403 });
    expect(error.message).toMatch(/r_member_social/);
  });

  it('is rate-limited like the rest of LinkedIn: transient, and fails on its side alike', async () => {
    const urn = await publish('Throttled');
    fake.failNext(SOCIAL_ACTIONS, { status: 429 });
    expect(await failure(linkedIn().readMetrics!(credentials, [urn]))).toMatchObject({
      kind: 'transient',
      reason: 'rate_limited',
      retryAt: undefined,
    });
    fake.failNext(SOCIAL_ACTIONS, { status: 503 });
    expect(await failure(linkedIn().readMetrics!(credentials, [urn]))).toMatchObject({
      kind: 'transient',
      reason: 'platform_unavailable',
    });
  });
});
