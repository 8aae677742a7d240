import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startInstagramApiFake, type InstagramApiFake } from '@agentcast/test-fakes/instagram-api-fake';
import { createInstagramPlatform } from './instagram-platform.ts';
import { startTestMediaServer, type TestMediaServer } from './instagram-test-media.ts';
import { type PlatformCredentials } from '../common/platform.ts';
import { failure } from '../common/platform-test-kit.ts';

let fake: InstagramApiFake;
let files: TestMediaServer;
let credentials: PlatformCredentials;

beforeAll(async () => {
  [fake, files] = await Promise.all([startInstagramApiFake(), startTestMediaServer()]);
});
afterAll(() => Promise.all([fake.close(), files.close()]));
beforeEach(() => {
  const account = fake.addAccount();
  credentials = { accessToken: account.token, accountId: account.id };
  Object.assign(fake.settings, { containerPolls: 0, containerOutcome: 'FINISHED', quotaTotal: 50 });
});

const instagram = (options: Partial<Parameters<typeof createInstagramPlatform>[0]> = {}) =>
  createInstagramPlatform({ baseUrl: fake.baseUrl, timeoutMs: 2000, containerPollIntervalMs: 10, ...options });
const graphBody = (error: Record<string, unknown>) => ({
  error: { type: 'OAuthException', fbtrace_id: 'AbCdEf', ...error },
});
const CREATE = 'POST /v23.0/:account/media';
const PUBLISH = 'POST /v23.0/:account/media_publish';
const publishedBy = (accountId: string) => fake.media.filter((media) => media.owner === accountId);

describe('media Instagram cannot use', () => {
  it('an image Instagram cannot download: permanent, naming the URL and saying media must be public', async () => {
    const url = `${files.baseUrl}/media/missing.jpg`;
    const containers = fake.containers.length;
    const error = await failure(
      instagram().publish(credentials, { text: 'Private image', media: [files.graphic({ publicUrl: url })] }),
    );
    expect(error).toMatchObject({ kind: 'permanent', reason: 'media_failed', status: 400 });
    expect(error.message).toBe(
      `Instagram could not download the image from ${url}: it fetches media itself, so they must be at a public address. Set PUBLIC_URL to the address this server is reached at from the internet, or keep media in a public S3 bucket (S3_PUBLIC_URL).`,
    );
    expect(fake.containers.length).toBe(containers);
    expect(publishedBy(credentials.accountId)).toEqual([]);
  });

  it('a video Instagram cannot download: the message names the video and its cover', async () => {
    const video = `${files.baseUrl}/media/gone.mp4`;
    const error = await failure(
      instagram().publish(credentials, { text: 'Private video', media: [files.reel({ publicUrl: video })] }),
    );
    expect(error).toMatchObject({ kind: 'permanent', reason: 'media_failed' });
    expect(error.message).toMatch(
      new RegExp(
        `^Instagram could not download the video from ${video} or its cover from ${files.baseUrl}/media/clip-poster\\.jpg: it fetches media itself, so they must be at a public address\\.`,
      ),
    );
  });

  it("a container that ends in ERROR: permanent with Instagram's status, and nothing is published", async () => {
    Object.assign(fake.settings, { containerPolls: 1, containerOutcome: 'ERROR' });
    const error = await failure(instagram().publish(credentials, { text: 'Bad video', media: [files.reel()] }));
    expect(error).toMatchObject({
      kind: 'permanent',
      reason: 'media_failed',
      message: `Instagram could not process the video (${fake.settings.containerErrorStatus}): nothing was published.`,
    });
    expect(fake.requestsTo(PUBLISH).filter((request) => request.url.includes(credentials.accountId))).toEqual([]);
  });

  it('a container still processing at the deadline: transient, saying so, and nothing is published', async () => {
    fake.settings.containerPolls = 1000;
    const error = await failure(
      instagram({ containerProcessingTimeoutMs: 100 }).publish(credentials, {
        text: 'Slow video',
        media: [files.reel()],
      }),
    );
    expect(error).toMatchObject({
      kind: 'transient',
      reason: 'media_failed',
      message: 'Instagram was still processing the video after 0.1 s: nothing was published.',
    });
    expect(fake.containers.at(-1)?.status_code).toBe('IN_PROGRESS');
    expect(publishedBy(credentials.accountId)).toEqual([]);
  });
});

describe('Instagram failures, classified for the delivery state machine', () => {
  it('Graph throttling (400, code 4): transient, with the time from the usage header', async () => {
    fake.failNext(CREATE, {
      status: 400,
      retryAfterSeconds: 300,
      body: graphBody({ message: '(#4) Application request limit reached', code: 4, is_transient: true }),
    });
    const expected = Date.now() + 300_000;
    const error = await failure(instagram().publish(credentials, { text: 'Too fast', media: [files.graphic()] }));
    expect(error).toMatchObject({ kind: 'transient', reason: 'rate_limited', status: 400 });
    expect(Math.abs((error.retryAt?.getTime() ?? 0) - expected)).toBeLessThan(2000);
    expect(error.message).toMatch(
      /^Instagram is rate-limiting this account until \d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ \(code 4: \(#4\) Application request limit reached\)\.$/,
    );
  });

  it('429 on the limit read: transient with the retry time, and no container is made', async () => {
    fake.failNext('GET /v23.0/:account/content_publishing_limit', { status: 429, retryAfterSeconds: 120 });
    const containers = fake.containers.length;
    const expected = Date.now() + 120_000;
    const error = await failure(instagram().publish(credentials, { text: 'Throttled', media: [files.graphic()] }));
    expect(error).toMatchObject({ kind: 'transient', reason: 'rate_limited', status: 429 });
    expect(Math.abs((error.retryAt?.getTime() ?? 0) - expected)).toBeLessThan(2000);
    expect(fake.containers.length).toBe(containers);
  });

  it('500 on media_publish: unknown (Instagram may have published anyway), and reconciling finds what it did', async () => {
    fake.failNext(PUBLISH, { status: 500 });
    const error = await failure(instagram().publish(credentials, { text: 'Broken server', media: [files.graphic()] }));
    expect(error).toMatchObject({
      kind: 'unknown',
      reason: 'platform_unavailable',
      status: 500,
      message: 'Instagram failed on its side (500: An unknown error has occurred).',
    });
    // The fake refused before publishing: reconciling finds nothing, so the next attempt may publish.
    expect(
      await instagram().findRecentPost!(credentials, { text: 'Broken server', since: new Date(Date.now() - 60_000) }),
    ).toBeNull();
    await instagram().publish(credentials, { text: 'Broken server', media: [files.graphic()] });
    expect(publishedBy(credentials.accountId)).toHaveLength(1);
  });

  it('503 while reading the container status: transient', async () => {
    fake.failNext('GET /v23.0/:node', { status: 503 });
    const error = await failure(instagram().publish(credentials, { text: 'Status down', media: [files.graphic()] }));
    expect(error).toMatchObject({ kind: 'transient', reason: 'platform_unavailable', status: 503 });
  });

  it('an unknown token (190): permanent, saying to reconnect', async () => {
    const error = await failure(
      instagram().publish({ ...credentials, accessToken: 'revoked' }, { text: 'Hello', media: [files.graphic()] }),
    );
    expect(error).toMatchObject({ kind: 'permanent', reason: 'reconnect_required', status: 401 });
    expect(error.message).toBe(
      "Instagram no longer accepts this account's authorization (401: Invalid OAuth access token - Cannot parse access token). Reconnect the Instagram account to go on posting.",
    );
  });

  it('an expired token answered as 400 with code 190: still reconnect', async () => {
    fake.failNext(PUBLISH, {
      status: 400,
      body: graphBody({
        message: 'Error validating access token: Session has expired.',
        code: 190,
        error_subcode: 463,
      }),
    });
    const error = await failure(instagram().publish(credentials, { text: 'Expired', media: [files.graphic()] }));
    expect(error).toMatchObject({ kind: 'permanent', reason: 'reconnect_required', status: 400 });
    expect(error.message).toContain('Reconnect the Instagram account');
  });

  it("the posts-per-day limit reached between the read and the publish: quota_reached, in Instagram's words", async () => {
    fake.failNext(PUBLISH, {
      status: 400,
      body: graphBody({
        message: 'Max. number of posts reached',
        code: 9,
        error_subcode: 2207042,
        error_user_msg:
          'You reached maximum number of posts that is allowed to be published by Content Publishing API.',
      }),
    });
    const error = await failure(instagram().publish(credentials, { text: 'One too many', media: [files.graphic()] }));
    expect(error).toMatchObject({
      kind: 'permanent',
      reason: 'quota_reached',
      message:
        'Instagram refused the post: this account has published as many posts as Instagram allows in 24 hours (You reached maximum number of posts that is allowed to be published by Content Publishing API). This post was skipped.',
    });
  });

  it("another 4xx: permanent, in Instagram's words", async () => {
    fake.failNext(CREATE, {
      status: 400,
      body: graphBody({
        message: 'Invalid parameter',
        code: 36003,
        error_subcode: 2207009,
        error_user_msg: 'The aspect ratio is not supported.',
      }),
    });
    const error = await failure(instagram().publish(credentials, { text: 'Too wide', media: [files.graphic()] }));
    expect(error).toMatchObject({
      kind: 'permanent',
      reason: 'rejected',
      message: 'Instagram rejected the image (400: The aspect ratio is not supported).',
    });
  });

  it('connection refused: transient', async () => {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    await new Promise((resolve) => server.close(resolve));
    const error = await failure(
      createInstagramPlatform({ baseUrl: address, timeoutMs: 2000 }).publish(credentials, {
        text: 'Hello?',
        media: [files.graphic()],
      }),
    );
    expect(error).toMatchObject({
      kind: 'transient',
      reason: 'unreachable',
      message: `Could not reach Instagram at ${address} (ECONNREFUSED).`,
    });
  });
});

describe('the Instagram API fake, as Instagram behaves', () => {
  const graphPost = (path: string, form: Record<string, string>) =>
    fetch(`${fake.baseUrl}/v23.0${path}`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${credentials.accessToken}` },
      body: new URLSearchParams(form),
    }).then(async (response) => ({ status: response.status, body: (await response.json()) as unknown }));

  it('refuses to publish a container still processing, and one already published', async () => {
    fake.settings.containerPolls = 1;
    const created = await graphPost(`/${credentials.accountId}/media`, {
      image_url: `${files.baseUrl}/media/graphic.jpg`,
      caption: 'By hand',
    });
    const { id } = created.body as { id: string };
    const early = await graphPost(`/${credentials.accountId}/media_publish`, { creation_id: id });
    expect(early).toMatchObject({ status: 400, body: { error: { code: 9007, error_subcode: 2207027 } } });

    const container = fake.containers.find((candidate) => candidate.id === id);
    if (container) container.status_code = 'FINISHED';
    expect((await graphPost(`/${credentials.accountId}/media_publish`, { creation_id: id })).status).toBe(200);
    const again = await graphPost(`/${credentials.accountId}/media_publish`, { creation_id: id });
    expect(again).toMatchObject({ status: 400, body: { error: { code: 24, error_subcode: 2207008 } } });
    expect(publishedBy(credentials.accountId)).toHaveLength(1);
  });

  it('refuses a PNG image as Instagram does', async () => {
    const answer = await graphPost(`/${credentials.accountId}/media`, { image_url: `${files.baseUrl}/media/meme.png` });
    expect(answer).toMatchObject({ status: 400, body: { error: { code: 36001, error_subcode: 2207005 } } });
  });

  it('accepts tokens it is told to trust, and can keep no record of requests', async () => {
    const trusting = await startInstagramApiFake({
      trustTokens: (token) => (token === 'oauth-issued' ? '17841499999999999' : undefined),
      recordRequests: false,
    });
    try {
      const post = await createInstagramPlatform({ baseUrl: trusting.baseUrl, timeoutMs: 2000 }).publish(
        { accessToken: 'oauth-issued', accountId: '17841499999999999' },
        { text: 'Through the OAuth fake', media: [files.graphic()] },
      );
      expect(trusting.media).toMatchObject([{ id: post.postId, owner: '17841499999999999' }]);
      expect(trusting.requests).toEqual([]);
    } finally {
      await trusting.close();
    }
  });
});
