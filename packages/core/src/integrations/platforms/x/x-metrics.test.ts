import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startXApiFake, type XApiFake, type XUser } from '@agentcast/test-fakes/x-api-fake';
import { type PlatformCredentials } from '../common/platform.ts';
import { createXPlatform } from './x-platform.ts';
import { failure } from '../common/platform-test-kit.ts';

let fake: XApiFake;
let agent: XUser & { token: string };
let credentials: PlatformCredentials;

beforeAll(async () => {
  fake = await startXApiFake();
});
afterAll(() => fake.close());
beforeEach(() => {
  agent = fake.addUser({ username: `metrics${fake.users.length}` });
  credentials = { accessToken: agent.token, accountId: agent.id };
});

const x = () => createXPlatform({ baseUrl: fake.baseUrl, timeoutMs: 2000 });
const LOOKUP = 'GET /2/tweets';

describe('reading the metrics of posts on X', () => {
  it('says it reads 100 posts a request, within 900 requests per 15 minutes per user', () => {
    expect(x().metricsReading).toEqual({
      batchSize: 100,
      limit: { requests: 900, windowMs: 900_000, per: 'account' },
    });
  });

  it('looks the posts up by id with their public metrics in one request, with the user token', async () => {
    const first = fake.seedPost({ authorId: agent.id, text: 'First' });
    const second = fake.seedPost({ authorId: agent.id, text: 'Second' });
    fake.setMetrics(first.id, {
      impression_count: 1200,
      like_count: 31,
      retweet_count: 4,
      reply_count: 6,
      quote_count: 2,
      bookmark_count: 9,
    });
    const before = fake.requestsTo(LOOKUP).length;

    const metrics = await x().readMetrics!(credentials, [first.id, second.id]);

    const sent = fake.requestsTo(LOOKUP).slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.query).toEqual({ ids: `${first.id},${second.id}`, 'tweet.fields': 'public_metrics' });
    expect(sent[0]?.headers.authorization).toBe(`Bearer ${agent.token}`);
    expect(metrics).toEqual(
      new Map([
        [first.id, { impressions: 1200, likes: 31, reposts: 4, replies: 6, quotes: 2 }],
        [second.id, { impressions: 0, likes: 0, reposts: 0, replies: 0, quotes: 0 }],
      ]),
    );
  });

  it('leaves out posts X no longer has, and ids that cannot be X posts, without asking for them', async () => {
    const kept = fake.seedPost({ authorId: agent.id, text: 'Still here' });
    const deleted = fake.seedPost({ authorId: agent.id, text: 'Gone soon' });
    await x().deletePost(credentials, deleted.id);
    const before = fake.requestsTo(LOOKUP).length;

    const metrics = await x().readMetrics!(credentials, [kept.id, deleted.id, 'urn:li:share:1']);

    expect([...metrics.keys()]).toEqual([kept.id]);
    expect(fake.requestsTo(LOOKUP).slice(before)[0]?.query.ids).toBe(`${kept.id},${deleted.id}`);
    expect(await x().readMetrics!(credentials, ['not-a-post'])).toEqual(new Map());
    expect(fake.requestsTo(LOOKUP)).toHaveLength(before + 1);
  });

  it('answers an empty map when every post was deleted (X answers only errors)', async () => {
    const deleted = fake.seedPost({ authorId: agent.id, text: 'Deleted' });
    await x().deletePost(credentials, deleted.id);
    expect(await x().readMetrics!(credentials, [deleted.id])).toEqual(new Map());
  });

  it('fails as publishing does: rate-limited until X’s reset, or refused', async () => {
    const post = fake.seedPost({ authorId: agent.id, text: 'Limited' });
    fake.failNext(LOOKUP, { status: 429, retryAfterSeconds: 600 });
    const limited = await failure(x().readMetrics!(credentials, [post.id]));
    expect(limited).toMatchObject({ kind: 'transient', reason: 'rate_limited', status: 429 });
    expect(limited.retryAt!.getTime()).toBeGreaterThan(Date.now() + 590_000);

    fake.failNext(LOOKUP, { status: 403 });
    expect(await failure(x().readMetrics!(credentials, [post.id]))).toMatchObject({
      kind: 'permanent',
      reason: 'forbidden',
    });
    const revoked = await failure(x().readMetrics!({ ...credentials, accessToken: 'revoked' }, [post.id]));
    expect(revoked).toMatchObject({ kind: 'permanent', reason: 'reconnect_required', status: 401 });
  });
});
