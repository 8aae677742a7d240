import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { useXPlatformFixture } from './x-platform-fixture.ts';
import { createXPlatform } from './x-platform.ts';

const t = useXPlatformFixture();

describe('publishing to X', () => {
  it('posts text with the user access token, in exactly the API v2 payload', async () => {
    const before = t.fake.requests.length;
    const post = await t.x().publish(t.credentials, { text: 'Hello from an agent. #AI' });

    const [request] = t.fake.requestsTo('POST /2/tweets').slice(-1);
    expect(t.newRequests(before)).toEqual(['POST POST /2/tweets']);
    expect(request?.json).toEqual({ text: 'Hello from an agent. #AI' });
    expect(request?.headers.authorization).toBe(`Bearer ${t.agent.token}`);
    expect(request?.headers['content-type']).toMatch(/^application\/json/);
    const stored = t.fake.posts.find((candidate) => candidate.id === post.postId);
    expect(stored).toMatchObject({ authorId: t.agent.id, text: 'Hello from an agent. #AI', mediaIds: [] });
    expect(post).toEqual({ postId: stored?.id, url: `https://x.com/i/web/status/${stored?.id}` });
  });

  it('uploads an image (initialize, append, finalize, alt text) and attaches it', async () => {
    const before = t.fake.requests.length;
    const post = await t.x().publish(t.credentials, { text: 'A graphic', media: [t.image()] });

    expect(t.newRequests(before)).toEqual([
      'POST POST /2/media/upload/initialize',
      'POST POST /2/media/upload/:id/append',
      'POST POST /2/media/upload/:id/finalize',
      'POST POST /2/media/metadata',
      'POST POST /2/tweets',
    ]);
    const [initialize, append, , metadata, tweet] = t.fake.requests.slice(before);
    expect(initialize?.json).toEqual({
      media_type: 'image/png',
      total_bytes: t.png.length,
      media_category: 'tweet_image',
    });
    const mediaId = t.fake.media.size > 0 ? [...t.fake.media.values()].at(-1)?.id : undefined;
    expect(append?.path).toBe(`/2/media/upload/${mediaId}/append`);
    expect(append?.parts?.find((part) => part.name === 'segment_index')?.value).toBe('0');
    expect(append?.parts?.find((part) => part.name === 'media')?.bytes?.equals(t.png)).toBe(true);
    expect(metadata?.json).toEqual({ id: mediaId, metadata: { alt_text: { text: 'A blue square' } } });
    expect(tweet?.json).toEqual({ text: 'A graphic', media: { media_ids: [mediaId] } });
    expect(t.fake.mediaBytes(mediaId ?? '').equals(t.png)).toBe(true);
    expect(t.fake.posts.find((candidate) => candidate.id === post.postId)?.mediaIds).toEqual([mediaId]);
  });

  it('uploads a video in chunks and polls STATUS until X has processed it', async () => {
    const bytes = randomBytes(10_000);
    const before = t.fake.requests.length;
    const post = await t.x().publish(t.credentials, { text: 'A short video', media: [t.video(bytes)] });

    expect(t.newRequests(before)).toEqual([
      'POST POST /2/media/upload/initialize',
      'POST POST /2/media/upload/:id/append',
      'POST POST /2/media/upload/:id/append',
      'POST POST /2/media/upload/:id/append',
      'POST POST /2/media/upload/:id/finalize',
      'GET GET /2/media/upload',
      'GET GET /2/media/upload',
      'GET GET /2/media/upload',
      'POST POST /2/tweets',
    ]);
    const requests = t.fake.requests.slice(before);
    const mediaId = t.fake.posts.find((candidate) => candidate.id === post.postId)?.mediaIds[0] ?? '';
    expect(requests[0]?.json).toEqual({ media_type: 'video/mp4', total_bytes: 10_000, media_category: 'tweet_video' });
    expect(
      requests.slice(1, 4).map((request) => request.parts?.find((part) => part.name === 'segment_index')?.value),
    ).toEqual(['0', '1', '2']);
    expect(
      requests.slice(1, 4).map((request) => request.parts?.find((part) => part.name === 'media')?.bytes?.length),
    ).toEqual([4096, 4096, 1808]);
    expect(requests[5]?.query).toEqual({ command: 'STATUS', media_id: mediaId });
    expect(t.fake.mediaBytes(mediaId).equals(bytes)).toBe(true);
    expect(requests.at(-1)?.json).toEqual({ text: 'A short video', media: { media_ids: [mediaId] } });
  });

  it('sends the video when it has images too, and says the images did not go', async () => {
    const post = await t.x().publish(t.credentials, { text: 'Both kinds', media: [t.image(), t.video()] });
    expect(t.fake.posts.find((candidate) => candidate.id === post.postId)?.mediaIds).toHaveLength(1);
    expect(post.notes).toEqual([
      'X carries one video or up to four images per post: the video went, 1 image(s) did not.',
    ]);
  });

  it('fails the post, permanently and without posting, when X cannot process the video', async () => {
    t.fake.videoProcessing.failWith = 'Unsupported video format';
    const error = await t.failure(t.x().publish(t.credentials, { text: 'Broken video', media: [t.video()] }));
    expect(error).toMatchObject({
      kind: 'permanent',
      reason: 'media_failed',
      message: 'X could not process the video: Unsupported video format.',
    });
    expect(t.fake.posts.some((post) => post.authorId === t.agent.id)).toBe(false);
  });

  it('gives up waiting for video processing after its bound (transient: X may be faster later)', async () => {
    t.fake.videoProcessing.checkAfterSecs = 5;
    const error = await t.failure(
      t.x({ mediaProcessingTimeoutMs: 1000 }).publish(t.credentials, { text: 'Slow video', media: [t.video()] }),
    );
    expect(error).toMatchObject({
      kind: 'transient',
      reason: 'media_failed',
      message: 'X was still processing the video after 1 s.',
    });
  });

  it('replies to a post', async () => {
    const other = t.fake.addUser({ username: 'someone' });
    const mention = t.fake.seedPost({ authorId: other.id, text: `@${t.agent.username} what do you think?` });
    const before = t.fake.requests.length;
    const reply = await t.x().publish(t.credentials, { text: 'I think it is great.', replyToPostId: mention.id });

    expect(t.fake.requests.slice(before)[0]?.json).toEqual({
      text: 'I think it is great.',
      reply: { in_reply_to_tweet_id: mention.id },
    });
    expect(t.fake.posts.find((post) => post.id === reply.postId)).toMatchObject({
      inReplyToPostId: mention.id,
      conversationId: mention.id,
      inReplyToUserId: other.id,
    });
  });
});

describe('X failures, classified for the delivery state machine', () => {
  it('429: transient, retry at the rate-limit reset X announced', async () => {
    t.fake.failNext('POST /2/tweets', { status: 429, retryAfterSeconds: 600 });
    const expectedReset = Date.now() / 1000 + 600;
    const error = await t.failure(t.x().publish(t.credentials, { text: 'Rate limited' }));
    expect(error).toMatchObject({ kind: 'transient', reason: 'rate_limited', status: 429 });
    expect(Math.abs((error.retryAt?.getTime() ?? 0) / 1000 - expectedReset)).toBeLessThanOrEqual(2);
    expect(error.message).toMatch(/^X is rate-limiting this account until \d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ \(429\)\.$/);
    expect(t.fake.posts.some((post) => post.authorId === t.agent.id)).toBe(false);
  });

  it('500: transient', async () => {
    t.fake.failNext('POST /2/tweets', { status: 500 });
    const error = await t.failure(t.x().publish(t.credentials, { text: 'Server error' }));
    expect(error).toMatchObject({
      kind: 'transient',
      reason: 'platform_unavailable',
      status: 500,
      message: 'X failed on its side (500: Internal Server Error).',
    });
  });

  it('a failing media upload fails the post as transient before anything is posted', async () => {
    t.fake.failNext('POST /2/media/upload/:id/append', { status: 503 });
    const error = await t.failure(t.x().publish(t.credentials, { text: 'Upload trouble', media: [t.image()] }));
    expect(error).toMatchObject({ kind: 'transient', status: 503 });
    expect(
      t.fake
        .requestsTo('POST /2/tweets')
        .some((request) => (request.json as { text: string }).text === 'Upload trouble'),
    ).toBe(false);
  });

  it('403 duplicate: permanent, naming the original so a lost earlier attempt can be recognised', async () => {
    const first = await t.x().publish(t.credentials, { text: 'Say it once' });
    const error = await t.failure(t.x().publish(t.credentials, { text: 'Say it once' }));
    expect(error).toMatchObject({
      kind: 'permanent',
      reason: 'duplicate',
      status: 403,
      message: 'X refused the post as a duplicate: this account already published the same text.',
      existingPost: { postId: first.postId, url: first.url },
    });
  });

  it('401 (expired or revoked token): permanent, and the message says to reconnect', async () => {
    const error = await t.failure(
      t.x().publish({ accessToken: 'revoked-token', accountId: t.agent.id }, { text: 'Nobody' }),
    );
    expect(error).toMatchObject({ kind: 'permanent', reason: 'reconnect_required', status: 401 });
    expect(error.message).toBe(
      "X no longer accepts this account's authorization (401: Unauthorized). Reconnect the X account to go on posting.",
    );
  });

  it('a post whose answer never comes: unknown after the timeout, not a hang', async () => {
    t.fake.hangNext('POST /2/tweets');
    const error = await t.failure(t.x({ timeoutMs: 300 }).publish(t.credentials, { text: 'Into the void' }));
    expect(error).toMatchObject({
      kind: 'unknown',
      reason: 'timeout',
      message: 'X did not answer within 0.3 s after the post was sent: it may have been published.',
    });
    await expect(
      t.x().findRecentPost!(t.credentials, { text: 'Into the void', since: new Date(Date.now() - 10_000) }),
    ).resolves.toBeNull();
  });

  it('accepted, then the connection dropped: unknown, and findRecentPost finds the post', async () => {
    const since = new Date();
    const text = 'Fish & chips <3 https://example.com/menu';
    t.fake.dropNext('POST /2/tweets', { afterAccept: true });
    const error = await t.failure(t.x().publish(t.credentials, { text }));
    expect(error).toMatchObject({ kind: 'unknown', reason: 'connection_lost' });

    const stored = t.fake.posts.find((post) => post.authorId === t.agent.id && post.text === text);
    expect(stored).toBeDefined();
    const found = await t.x().findRecentPost!(t.credentials, { text, since });
    expect(found).toEqual({ postId: stored?.id, url: `https://x.com/i/web/status/${stored?.id}` });
    const [read] = t.fake.requestsTo('GET /2/users/:id/tweets').slice(-1);
    expect(read?.path).toBe(`/2/users/${t.agent.id}/tweets`);
    expect(read?.query.start_time).toBe(new Date(since.getTime() - 60_000).toISOString().replace(/\.\d+Z$/, 'Z'));
  });

  it('a read that never answers is transient (nothing was published)', async () => {
    t.fake.hangNext('GET /2/users/:id/tweets');
    const error = await t.failure(
      t.x({ timeoutMs: 300 }).findRecentPost!(t.credentials, { text: 'anything', since: new Date() }),
    );
    expect(error).toMatchObject({ kind: 'transient', reason: 'timeout', message: 'X did not answer within 0.3 s.' });
  });

  it('connection refused: transient, saying where it could not connect', async () => {
    const address = await t.closedAddress();
    const error = await t.failure(
      createXPlatform({ baseUrl: address, timeoutMs: 2000 }).publish(t.credentials, { text: 'Hello?' }),
    );
    expect(error).toMatchObject({
      kind: 'transient',
      reason: 'unreachable',
      message: `Could not reach X at ${address} (ECONNREFUSED).`,
    });
  });
});
