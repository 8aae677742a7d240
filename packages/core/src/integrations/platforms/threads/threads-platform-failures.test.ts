import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startThreadsApiFake, type ThreadsApiFake } from '@agentcast/test-fakes/threads-api-fake';
import { createThreadsPlatform } from './threads-platform.ts';
import { startTestMediaServer, type TestMediaServer } from '../instagram/instagram-test-media.ts';
import type { PlatformCredentials } from '../common/platform.ts';
import { failure } from '../common/platform-test-kit.ts';

let fake: ThreadsApiFake;
let files: TestMediaServer;
let credentials: PlatformCredentials;

beforeAll(async () => {
  [fake, files] = await Promise.all([startThreadsApiFake(), startTestMediaServer()]);
});
afterAll(() => Promise.all([fake.close(), files.close()]));
beforeEach(() => {
  const account = fake.addAccount();
  credentials = { accessToken: account.token, accountId: account.id };
  Object.assign(fake.settings, { videoPolls: 0, videoOutcome: 'FINISHED', quotaTotal: 250, replyQuotaTotal: 1000 });
});

const threads = (options: Partial<Parameters<typeof createThreadsPlatform>[0]> = {}) =>
  createThreadsPlatform({ baseUrl: fake.baseUrl, timeoutMs: 2000, containerPollIntervalMs: 10, ...options });
const graphBody = (error: Record<string, unknown>) => ({
  error: { type: 'OAuthException', fbtrace_id: 'AbCdEf', ...error },
});
const CREATE = 'POST /v1.0/:account/threads';
const PUBLISH = 'POST /v1.0/:account/threads_publish';
const publishedBy = (accountId: string) => fake.published().filter((post) => post.owner === accountId);

describe('reconciling a lost answer', () => {
  it('threads_publish accepted, then the connection dropped: unknown, and findRecentPost finds the post', async () => {
    const since = new Date();
    const text = 'Thanks @agentcast for the launch — https://example.com/launch';
    fake.dropNext(PUBLISH, { afterAccept: true });
    expect(await failure(threads().publish(credentials, { text }))).toMatchObject({
      kind: 'unknown',
      reason: 'connection_lost',
    });

    const [stored] = publishedBy(credentials.accountId);
    expect(stored?.text).toBe(text);
    expect(await threads().findRecentPost!(credentials, { text, since })).toEqual({
      postId: stored?.id,
      url: stored?.permalink,
    });
    expect(fake.requestsTo('GET /v1.0/:account/threads').at(-1)?.url).toBe(
      `/v1.0/${credentials.accountId}/threads?fields=id%2Ctext%2Cpermalink%2Ctimestamp&limit=25`,
    );
    await expect(threads().findRecentPost!(credentials, { text: 'Never posted', since })).resolves.toBeNull();
    const later = new Date(Date.now() + 5 * 60_000);
    await expect(threads().findRecentPost!(credentials, { text, since: later })).resolves.toBeNull();
  });

  it("a reply's lost answer is found among the account's replies", async () => {
    const root = await threads().publish(credentials, { text: 'Root' });
    const since = new Date();
    fake.dropNext(PUBLISH, { afterAccept: true });
    await failure(threads().publish(credentials, { text: 'Answering myself', replyToPostId: root.postId }));
    const found = await threads().findRecentPost!(credentials, { text: 'Answering myself', since });
    expect(found?.postId).toBe(publishedBy(credentials.accountId).at(-1)?.id);
    expect(fake.requestsTo('GET /v1.0/:account/replies')).not.toHaveLength(0);
  });

  it('threads_publish never answered: unknown after the timeout', async () => {
    fake.hangNext(PUBLISH);
    expect(await failure(threads({ timeoutMs: 300 }).publish(credentials, { text: 'Waiting' }))).toMatchObject({
      kind: 'unknown',
      reason: 'timeout',
      message: 'Threads did not answer within 0.3 s after the post was sent: it may have been published.',
    });
  });

  it('500 on threads_publish: unknown, as Meta may have published anyway', async () => {
    fake.failNext(PUBLISH, { status: 500 });
    expect(await failure(threads().publish(credentials, { text: 'Broken' }))).toMatchObject({
      kind: 'unknown',
      reason: 'platform_unavailable',
      message: 'Threads failed on its side (500: An unknown error has occurred).',
    });
  });

  it('"Media Not Found" from threads_publish (published too early): transient, nothing published', async () => {
    fake.failNext(PUBLISH, {
      status: 400,
      body: graphBody({ message: 'The requested resource does not exist', code: 24, error_subcode: 4279009 }),
    });
    expect(await failure(threads().publish(credentials, { text: 'Too early' }))).toMatchObject({
      kind: 'transient',
      message:
        'Threads had not finished preparing the post when it was published ("Media Not Found"): nothing was published.',
    });
    expect(publishedBy(credentials.accountId)).toEqual([]);
  });
});

describe('media Threads cannot use', () => {
  it('an image Threads cannot download: permanent, naming the URL and saying media must be public', async () => {
    const url = `${files.baseUrl}/media/missing.jpg`;
    const error = await failure(
      threads().publish(credentials, { text: 'Private', media: [files.graphic({ publicUrl: url })] }),
    );
    expect(error).toMatchObject({ kind: 'permanent', reason: 'media_failed', status: 400 });
    expect(error.message).toBe(
      `Threads could not download the image from ${url}: it fetches media itself, so they must be at a public address. Set PUBLIC_URL to the address this server is reached at from the internet, or keep media in a public S3 bucket (S3_PUBLIC_URL).`,
    );
  });

  it("a video that ends in ERROR: permanent with Threads' error_message, and nothing is published", async () => {
    Object.assign(fake.settings, { videoPolls: 1, videoOutcome: 'ERROR' });
    expect(await failure(threads().publish(credentials, { text: 'Bad video', media: [files.reel()] }))).toMatchObject({
      kind: 'permanent',
      reason: 'media_failed',
      message: 'Threads could not process the video (FAILED_PROCESSING_VIDEO): nothing was published.',
    });
    expect(fake.requestsTo(PUBLISH).filter((request) => request.url.includes(credentials.accountId))).toEqual([]);
  });

  it('a video still processing at the deadline: transient, and nothing is published', async () => {
    fake.settings.videoPolls = 1000;
    const slow = threads({ containerProcessingTimeoutMs: 100 });
    expect(await failure(slow.publish(credentials, { text: 'Slow', media: [files.reel()] }))).toMatchObject({
      kind: 'transient',
      reason: 'media_failed',
      message: 'Threads was still processing the video after 0.1 s: nothing was published.',
    });
    expect(publishedBy(credentials.accountId)).toEqual([]);
  });
});

describe("Threads' 24-hour limits", () => {
  it('skips a post once the account has published its quota: no container is made', async () => {
    fake.settings.quotaTotal = 2;
    await threads().publish(credentials, { text: 'First' });
    await threads().publish(credentials, { text: 'Second' });
    const containers = fake.containers.length;
    expect(await failure(threads().publish(credentials, { text: 'Third' }))).toMatchObject({
      kind: 'permanent',
      reason: 'quota_reached',
      message: 'Threads allows 2 posts in 24 hours and this account has published 2: this post was skipped.',
    });
    expect(fake.containers.length).toBe(containers);
  });

  it('counts replies apart, against their own limit', async () => {
    fake.settings.replyQuotaTotal = 1;
    const root = await threads().publish(credentials, { text: 'Root' });
    await threads().publish(credentials, { text: 'One reply', replyToPostId: root.postId });
    await threads().publish(credentials, { text: 'A post still goes' });
    expect(
      await failure(threads().publish(credentials, { text: 'Another', replyToPostId: root.postId })),
    ).toMatchObject({
      reason: 'quota_reached',
      message: 'Threads allows 1 reply in 24 hours and this account has published 1: this reply was skipped.',
    });
  });
});

describe('Threads failures, classified for the delivery state machine', () => {
  it('an unknown token (190): permanent, saying to reconnect', async () => {
    const error = await failure(threads().publish({ ...credentials, accessToken: 'revoked' }, { text: 'Hello' }));
    expect(error).toMatchObject({ kind: 'permanent', reason: 'reconnect_required', status: 401 });
    expect(error.message).toBe(
      "Threads no longer accepts this account's authorization (401: Invalid OAuth access token - Cannot parse access token). Reconnect the Threads account to go on posting.",
    );
  });

  it("another profile's token (190 for the user in the path): reconnect too", async () => {
    const other = fake.addAccount();
    const error = await failure(threads().publish({ ...credentials, accessToken: other.token }, { text: 'Hello' }));
    expect(error).toMatchObject({ kind: 'permanent', reason: 'reconnect_required', status: 400 });
  });

  it('429 with the usage header: transient, with when access returns', async () => {
    fake.failNext('GET /v1.0/:account/threads_publishing_limit', { status: 429, retryAfterSeconds: 120 });
    const expected = Date.now() + 120_000;
    const error = await failure(threads().publish(credentials, { text: 'Throttled' }));
    expect(error).toMatchObject({ kind: 'transient', reason: 'rate_limited', status: 429 });
    expect(Math.abs((error.retryAt?.getTime() ?? 0) - expected)).toBeLessThan(2000);
  });

  it('Graph throttling (400, code 4): transient, with the time and in Threads words', async () => {
    fake.failNext(CREATE, {
      status: 400,
      retryAfterSeconds: 300,
      body: graphBody({ message: '(#4) Application request limit reached', code: 4, is_transient: true }),
    });
    const error = await failure(threads().publish(credentials, { text: 'Too fast' }));
    expect(error).toMatchObject({ kind: 'transient', reason: 'rate_limited', status: 400 });
    expect(error.retryAt).toBeDefined();
    expect(error.message).toMatch(
      /^Threads is rate-limiting this account until \d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ \(code 4: \(#4\) Application request limit reached\)\.$/,
    );
  });
});
