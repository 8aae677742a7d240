import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startThreadsApiFake, type ThreadsApiFake } from '@agentcast/test-fakes/threads-api-fake';
import { createThreadsPlatform } from './threads-platform.ts';
import type { PlatformCredentials } from '../common/platform.ts';
import { failure } from '../common/platform-test-kit.ts';

let fake: ThreadsApiFake;
let credentials: PlatformCredentials;

beforeAll(async () => {
  fake = await startThreadsApiFake();
});
afterAll(() => fake.close());
beforeEach(() => {
  const account = fake.addAccount();
  credentials = { accessToken: account.token, accountId: account.id };
  fake.settings.canReadInsights = true;
});

const threads = () => createThreadsPlatform({ baseUrl: fake.baseUrl, timeoutMs: 2000, containerPollIntervalMs: 10 });
const DELETE = 'DELETE /v1.0/:node';
const INSIGHTS = 'GET /v1.0/:node/insights';
const stillThere = (postId: string) => fake.posts.some((post) => post.id === postId);

describe('deleting a Threads post', () => {
  it('deletes it with the token in the header; a second delete of the gone post resolves too', async () => {
    const post = await threads().publish(credentials, { text: 'Taken back soon' });
    await threads().deletePost(credentials, post.postId);
    const [request] = fake.requestsTo(DELETE).slice(-1);
    expect(request?.url).toBe(`/v1.0/${post.postId}`);
    expect(request?.headers.authorization).toBe(`Bearer ${credentials.accessToken}`);
    expect(stillThere(post.postId)).toBe(false);

    await expect(threads().deletePost(credentials, post.postId)).resolves.toBeUndefined();
  });

  it("refuses another person's reply (403), saying only the account that published a post can delete it", async () => {
    const post = await threads().publish(credentials, { text: 'Replies welcome' });
    const reply = fake.reply({ to: post.postId, text: 'Not yours to delete' });
    const error = await failure(threads().deletePost(credentials, reply.id));
    expect(error).toMatchObject({ kind: 'permanent', reason: 'forbidden', status: 403 });
    expect(error.message).toContain('Only the account that published a post can delete it');
    expect(stillThere(reply.id)).toBe(true);
  });

  it('an id that is not a Threads id: permanent, without calling Threads', async () => {
    const before = fake.requests.length;
    expect(await failure(threads().deletePost(credentials, 'at://did:plc:x/post/1'))).toMatchObject({
      kind: 'permanent',
      reason: 'rejected',
    });
    expect(fake.requests.length).toBe(before);
  });

  it('a revoked token: permanent, saying to reconnect', async () => {
    const post = await threads().publish(credentials, { text: 'Kept' });
    const error = await failure(threads().deletePost({ ...credentials, accessToken: 'revoked' }, post.postId));
    expect(error).toMatchObject({ kind: 'permanent', reason: 'reconnect_required' });
  });
});

describe('reading the insights of posts on Threads', () => {
  it("says it reads one post a request, within Threads' documented daily call limit", () => {
    expect(threads().metricsReading).toEqual({
      batchSize: 1,
      limit: { requests: 48_000, windowMs: 86_400_000, per: 'account' },
    });
  });

  it('asks for the six lifetime metrics with the token in the header and reads them as the contract names them', async () => {
    const post = await threads().publish(credentials, { text: 'Measured' });
    fake.setMetrics(post.postId, { views: 900, likes: 42, replies: 7, reposts: 3, quotes: 2, shares: 5 });
    const metrics = await threads().readMetrics!(credentials, [post.postId]);

    const [request] = fake.requestsTo(INSIGHTS).slice(-1);
    expect(request?.path).toBe(`/v1.0/${post.postId}/insights`);
    expect(request?.query).toEqual({ metric: 'views,likes,replies,reposts,quotes,shares' });
    expect(request?.headers.authorization).toBe(`Bearer ${credentials.accessToken}`);
    expect(metrics).toEqual(
      new Map([[post.postId, { views: 900, likes: 42, replies: 7, reposts: 3, quotes: 2, shares: 5 }]]),
    );
  });

  it('keeps only what Threads reported, and leaves out a post Threads no longer has', async () => {
    const post = await threads().publish(credentials, { text: 'Partly measured' });
    fake.failNext(INSIGHTS, {
      status: 200,
      body: {
        data: [
          { name: 'likes', period: 'lifetime', values: [{ value: 4 }] },
          { name: 'views', values: [] },
        ],
      },
    });
    expect(await threads().readMetrics!(credentials, [post.postId])).toEqual(new Map([[post.postId, { likes: 4 }]]));

    const gone = await threads().publish(credentials, { text: 'Soon gone' });
    await threads().deletePost(credentials, gone.postId);
    expect(await threads().readMetrics!(credentials, [gone.postId])).toEqual(new Map());
  });

  it('without threads_manage_insights: permanent forbidden, saying to reconnect', async () => {
    const post = await threads().publish(credentials, { text: 'Unreadable' });
    fake.settings.canReadInsights = false;
    expect(await failure(threads().readMetrics!(credentials, [post.postId]))).toMatchObject({
      kind: 'permanent',
      reason: 'forbidden',
      message:
        "Threads does not let this app read the insights of the account's posts (it needs the threads_manage_insights permission: reconnect Threads to grant it), so their metrics are not read.",
    });
  });
});
