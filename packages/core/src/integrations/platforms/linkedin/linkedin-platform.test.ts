import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startLinkedInApiFake, type LinkedInApiFake } from '@agentcast/test-fakes/linkedin-api-fake';
import { LINKEDIN_API_VERSION } from './linkedin-api-version.ts';
import { createLinkedInPlatform } from './linkedin-platform.ts';
import { type PlatformCredentials, type PostMedia } from '../common/platform.ts';
import { failure, closedAddress } from '../common/platform-test-kit.ts';

let fake: LinkedInApiFake;
let credentials: PlatformCredentials;
let token: string;
let png: Buffer;

beforeAll(async () => {
  fake = await startLinkedInApiFake();
  png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#0a66c2' } })
    .png()
    .toBuffer();
});
afterAll(() => fake.close());
beforeEach(() => {
  const member = fake.addMember();
  token = member.token;
  credentials = { accessToken: member.token, accountId: member.urn };
  fake.settings.canReadPosts = true;
  fake.settings.imageProcessingPolls = 0;
  fake.settings.sunsetVersions = [];
});

const linkedIn = (options: Partial<Parameters<typeof createLinkedInPlatform>[0]> = {}) =>
  createLinkedInPlatform({ baseUrl: fake.baseUrl, timeoutMs: 2000, mediaPollIntervalMs: 10, ...options });
const graphic = (): PostMedia => ({
  kind: 'image',
  bytes: png,
  contentType: 'image/png',
  altText: 'The key line on a card',
});
const DISTRIBUTION = { feedDistribution: 'MAIN_FEED', targetEntities: [], thirdPartyDistributionChannels: [] };

describe('publishing to LinkedIn', () => {
  it('creates a post with the Posts API headers and body, the text in little format, and returns its urn and link', async () => {
    const text =
      'Ship it (today) #AI: 50% faster_builds, see https://example.com/a_(b) @team [beta] {x|y} <3 *wow* ~ \\o/';
    const post = await linkedIn().publish(credentials, { text });

    const [request] = fake.requestsTo('POST /rest/posts').slice(-1);
    expect(request?.headers).toMatchObject({
      authorization: `Bearer ${token}`,
      'linkedin-version': LINKEDIN_API_VERSION,
      'x-restli-protocol-version': '2.0.0',
      'content-type': 'application/json',
    });
    expect(request?.json).toEqual({
      author: credentials.accountId,
      commentary:
        'Ship it \\(today\\) #AI: 50% faster\\_builds, see https://example.com/a_\\(b\\) \\@team \\[beta\\] \\{x\\|y\\} \\<3 \\*wow\\* \\~ \\\\o/',
      visibility: 'PUBLIC',
      distribution: DISTRIBUTION,
      lifecycleState: 'PUBLISHED',
      isReshareDisabledByAuthor: false,
    });
    const stored = fake.posts.at(-1);
    expect(post).toEqual({ postId: stored?.id, url: `https://www.linkedin.com/feed/update/${stored?.id}` });
    expect(stored?.id).toMatch(/^urn:li:share:\d+$/);
  });

  it('uploads an image (initializeUpload, PUT of the bytes, status until AVAILABLE) and attaches it with its alt text', async () => {
    fake.settings.imageProcessingPolls = 2;
    const before = fake.requests.length;
    const post = await linkedIn().publish(credentials, { text: 'With a graphic', media: [graphic()] });

    expect(fake.requests.slice(before).map((request) => request.route)).toEqual([
      'POST /rest/images',
      'PUT /dms-uploads/:id',
      'GET /rest/images/:urn',
      'GET /rest/images/:urn',
      'GET /rest/images/:urn',
      'POST /rest/posts',
    ]);
    const [initialize, upload, status, , , create] = fake.requests.slice(before);
    expect(initialize?.url).toBe('/rest/images?action=initializeUpload');
    expect(initialize?.json).toEqual({ initializeUploadRequest: { owner: credentials.accountId } });
    expect(upload?.headers).toMatchObject({ authorization: `Bearer ${token}`, 'content-type': 'image/png' });
    expect(upload?.body.equals(png)).toBe(true);
    expect(upload?.bodyBytes).toBe(png.length);
    const image = [...fake.images.values()].at(-1);
    expect(status?.url).toBe(`/rest/images/${encodeURIComponent(image?.urn ?? '')}`);
    expect(image?.bytes?.equals(png)).toBe(true);
    expect((create?.json as { content?: unknown }).content).toEqual({
      media: { id: image?.urn, altText: 'The key line on a card' },
    });
    expect(post.notes).toBeUndefined();
  });

  it('carries the graphic of a video post and says the video was left out', async () => {
    const video: PostMedia = { kind: 'video', bytes: randomBytes(2000), contentType: 'video/mp4' };
    const post = await linkedIn().publish(credentials, { text: 'Video and graphic', media: [graphic(), video] });
    expect(
      (fake.requestsTo('POST /rest/posts').at(-1)?.json as { content?: { media?: { id?: string } } }).content?.media
        ?.id,
    ).toMatch(/^urn:li:image:/);
    expect(post.notes).toEqual(['LinkedIn posts carry images only here: the video was left out.']);

    const textOnly = await linkedIn().publish(credentials, { text: 'Only a video', media: [video] });
    expect(fake.requestsTo('POST /rest/posts').at(-1)?.json).not.toHaveProperty('content');
    expect(textOnly.notes).toEqual(['LinkedIn posts carry images only here: the video was left out.']);
  });

  it('refuses replies (LinkedIn posts cannot be replies) without calling LinkedIn', async () => {
    const before = fake.requests.length;
    const error = await failure(linkedIn().publish(credentials, { text: 'A reply', replyToPostId: 'urn:li:share:1' }));
    expect(error).toMatchObject({ kind: 'permanent', message: 'LinkedIn posts cannot be published as replies.' });
    expect(fake.requests.length).toBe(before);
  });
});

describe('deleting a LinkedIn post', () => {
  it('sends DELETE /rest/posts/{encoded urn} with the Posts API headers, and the post leaves LinkedIn', async () => {
    const post = await linkedIn().publish(credentials, { text: 'A post to take back' });
    const before = fake.requests.length;
    await linkedIn().deletePost(credentials, post.postId);

    expect(fake.requests.slice(before).map((request) => `${request.method} ${request.route}`)).toEqual([
      'DELETE DELETE /rest/posts/:urn',
    ]);
    const [request] = fake.requests.slice(before);
    expect(request?.url).toBe(`/rest/posts/${encodeURIComponent(post.postId)}`);
    expect(request?.url).toMatch(/^\/rest\/posts\/urn%3Ali%3Ashare%3A\d+$/);
    expect(request?.headers).toMatchObject({
      authorization: `Bearer ${token}`,
      'linkedin-version': LINKEDIN_API_VERSION,
      'x-restli-protocol-version': '2.0.0',
      'x-restli-method': 'DELETE',
    });
    expect(request?.bodyBytes).toBe(0);
    expect(fake.posts.some((candidate) => candidate.id === post.postId)).toBe(false);
    await expect(
      linkedIn().findRecentPost!(credentials, { text: 'A post to take back', since: new Date(Date.now() - 10_000) }),
    ).resolves.toBeNull();
  });

  it('a post already gone counts as deleted', async () => {
    const post = await linkedIn().publish(credentials, { text: 'Deleted twice' });
    await linkedIn().deletePost(credentials, post.postId);
    await expect(linkedIn().deletePost(credentials, post.postId)).resolves.toBeUndefined();
    expect(
      fake
        .requestsTo('DELETE /rest/posts/:urn')
        .slice(-2)
        .map((request) => request.url),
    ).toEqual([`/rest/posts/${encodeURIComponent(post.postId)}`, `/rest/posts/${encodeURIComponent(post.postId)}`]);
  });

  it("another member's post: permanent, saying only its author can delete it, and the post stays", async () => {
    const other = fake.addMember();
    const theirs = await linkedIn().publish({ accessToken: other.token, accountId: other.urn }, { text: 'Theirs' });
    const error = await failure(linkedIn().deletePost(credentials, theirs.postId));
    expect(error).toMatchObject({ kind: 'permanent', reason: 'forbidden', status: 403 });
    expect(error.message).toBe(
      `LinkedIn refused the request to delete the post (403: Not enough permissions to access: partnerApiPostsExternal.DELETE.20260701 for ${theirs.postId}). Only the account that published a post can delete it: check that this post belongs to the connected LinkedIn account.`,
    );
    expect(fake.posts.some((post) => post.id === theirs.postId)).toBe(true);
  });

  it('503: transient, the post stays, and a later attempt deletes it', async () => {
    const post = await linkedIn().publish(credentials, { text: 'LinkedIn is down right now' });
    fake.failNext('DELETE /rest/posts/:urn', { status: 503 });
    const error = await failure(linkedIn().deletePost(credentials, post.postId));
    expect(error).toMatchObject({
      kind: 'transient',
      reason: 'platform_unavailable',
      status: 503,
      message: 'LinkedIn failed on its side (503: Service Unavailable).',
    });
    expect(fake.posts.some((candidate) => candidate.id === post.postId)).toBe(true);
    await linkedIn().deletePost(credentials, post.postId);
    expect(fake.posts.some((candidate) => candidate.id === post.postId)).toBe(false);
  });

  it('a 429 is transient with the retry time LinkedIn gave', async () => {
    const post = await linkedIn().publish(credentials, { text: 'Deleting too fast' });
    fake.failNext('DELETE /rest/posts/:urn', { status: 429, retryAfterSeconds: 60 });
    const expected = Date.now() + 60_000;
    const error = await failure(linkedIn().deletePost(credentials, post.postId));
    expect(error).toMatchObject({ kind: 'transient', reason: 'rate_limited', status: 429 });
    expect(Math.abs((error.retryAt?.getTime() ?? 0) - expected)).toBeLessThan(2000);
  });

  it('a revoked token: permanent, and the message says to reconnect', async () => {
    const post = await linkedIn().publish(credentials, { text: 'Kept while the token is revoked' });
    const error = await failure(linkedIn().deletePost({ ...credentials, accessToken: 'revoked' }, post.postId));
    expect(error).toMatchObject({ kind: 'permanent', reason: 'reconnect_required', status: 401 });
    expect(error.message).toContain('Reconnect the LinkedIn account');
  });

  it('an id that is not a LinkedIn post urn is refused without calling LinkedIn', async () => {
    const before = fake.requests.length;
    const error = await failure(linkedIn().deletePost(credentials, '1860000000000000001'));
    expect(error).toMatchObject({
      kind: 'permanent',
      reason: 'rejected',
      message: 'LinkedIn cannot delete "1860000000000000001": LinkedIn posts are urn:li:share:… or urn:li:ugcPost:….',
    });
    expect(fake.requests.length).toBe(before);
  });
});

describe('LinkedIn failures, classified for the delivery state machine', () => {
  it('429 with Retry-After: transient, with the retry time', async () => {
    fake.failNext('POST /rest/posts', { status: 429, retryAfterSeconds: 120 });
    const expected = Date.now() + 120_000;
    const error = await failure(linkedIn().publish(credentials, { text: 'Too fast' }));
    expect(error).toMatchObject({ kind: 'transient', reason: 'rate_limited', status: 429 });
    expect(Math.abs((error.retryAt?.getTime() ?? 0) - expected)).toBeLessThan(2000);
  });

  it('500: transient', async () => {
    fake.failNext('POST /rest/posts', { status: 500 });
    const error = await failure(linkedIn().publish(credentials, { text: 'Broken server' }));
    expect(error).toMatchObject({
      kind: 'transient',
      reason: 'platform_unavailable',
      message: 'LinkedIn failed on its side (500: Internal Server Error).',
    });
  });

  it("422 duplicate: permanent, naming LinkedIn's original", async () => {
    const first = await linkedIn().publish(credentials, { text: 'Once is enough' });
    const error = await failure(linkedIn().publish(credentials, { text: 'Once is enough' }));
    expect(error).toMatchObject({
      kind: 'permanent',
      reason: 'duplicate',
      status: 422,
      message: 'LinkedIn refused the post as a duplicate: this account already published the same text.',
      existingPost: first,
    });
  });

  it('401: permanent, and the message says to reconnect', async () => {
    const error = await failure(linkedIn().publish({ ...credentials, accessToken: 'expired' }, { text: 'Hello' }));
    expect(error).toMatchObject({ kind: 'permanent', reason: 'reconnect_required', status: 401 });
    expect(error.message).toBe(
      "LinkedIn no longer accepts this account's authorization (401: Invalid access token). Reconnect the LinkedIn account to go on posting.",
    );
  });

  it('a version LinkedIn no longer serves: permanent, naming the setting that moves to a current one', async () => {
    fake.settings.sunsetVersions = [LINKEDIN_API_VERSION];
    const error = await failure(linkedIn().publish(credentials, { text: 'Old version' }));
    expect(error).toMatchObject({ kind: 'permanent', status: 426 });
    expect(error.message).toMatch(
      new RegExp(
        `^LinkedIn no longer serves API version ${LINKEDIN_API_VERSION} \\(426.*\\): set LINKEDIN_API_VERSION to a current version`,
      ),
    );
  });

  it('sends the configured version instead, which LinkedIn still serves', async () => {
    fake.settings.sunsetVersions = [LINKEDIN_API_VERSION];
    const published = await linkedIn({ apiVersion: '202611' }).publish(credentials, { text: 'Current version' });
    const [request] = fake.requestsTo('POST /rest/posts').slice(-1);
    expect(request?.headers['linkedin-version']).toBe('202611');
    expect(fake.posts.map((post) => post.id)).toContain(published.postId);
  });

  it('a post whose answer never comes: unknown after the timeout', async () => {
    fake.hangNext('POST /rest/posts');
    const error = await failure(linkedIn({ timeoutMs: 300 }).publish(credentials, { text: 'Waiting forever' }));
    expect(error).toMatchObject({
      kind: 'unknown',
      reason: 'timeout',
      message: 'LinkedIn did not answer within 0.3 s after the post was sent: it may have been published.',
    });
  });

  it('accepted, then the connection dropped: unknown, and findRecentPost finds the post by its text', async () => {
    const since = new Date();
    const text = 'Lessons (hard ones) from #shipping: done > perfect';
    fake.dropNext('POST /rest/posts', { afterAccept: true });
    const error = await failure(linkedIn().publish(credentials, { text }));
    expect(error).toMatchObject({ kind: 'unknown', reason: 'connection_lost' });

    const stored = fake.posts.find((post) => post.author === credentials.accountId);
    const found = await linkedIn().findRecentPost!(credentials, { text, since });
    expect(found).toEqual({ postId: stored?.id, url: `https://www.linkedin.com/feed/update/${stored?.id}` });
    const [read] = fake.requestsTo('GET /rest/posts').slice(-1);
    expect(read?.url).toBe(
      `/rest/posts?author=${encodeURIComponent(credentials.accountId)}&q=author&count=20&sortBy=LAST_MODIFIED`,
    );
    expect(read?.headers).toMatchObject({
      'linkedin-version': LINKEDIN_API_VERSION,
      'x-restli-protocol-version': '2.0.0',
      'x-restli-method': 'FINDER',
    });
    await expect(
      linkedIn().findRecentPost!(credentials, { text: 'Something never posted', since }),
    ).resolves.toBeNull();
  });

  it('findRecentPost without the permission to read posts: permanent, saying what to do', async () => {
    fake.settings.canReadPosts = false;
    const error = await failure(linkedIn().findRecentPost!(credentials, { text: 'Anything', since: new Date() }));
    expect(error).toMatchObject({ kind: 'permanent', reason: 'forbidden', status: 403 });
    expect(error.message).toContain('look at the LinkedIn profile');
  });

  it('connection refused: transient', async () => {
    const address = await closedAddress();
    const error = await failure(
      createLinkedInPlatform({ baseUrl: address, timeoutMs: 2000 }).publish(credentials, { text: 'Hello?' }),
    );
    expect(error).toMatchObject({
      kind: 'transient',
      reason: 'unreachable',
      message: `Could not reach LinkedIn at ${address} (ECONNREFUSED).`,
    });
  });
});
