import { randomBytes } from 'node:crypto';
import { createServer, type AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startXApiFake, type XApiFake, type XUser } from '@agentcast/test-fakes/x-api-fake';
import { PlatformError, type PlatformCredentials, type PostMedia } from '../common/platform.ts';
import { createXPlatform } from './x-platform.ts';

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
  // A fresh account per test: X's duplicate rule and timelines are per user.
  agent = fake.addUser({ username: `agent${fake.users.length}`, name: 'Agent' });
  credentials = { accessToken: agent.token, accountId: agent.id };
  fake.videoProcessing.statusPolls = 2;
  fake.videoProcessing.checkAfterSecs = 0;
  delete fake.videoProcessing.failWith;
});

const x = (options: Partial<Parameters<typeof createXPlatform>[0]> = {}) =>
  createXPlatform({ baseUrl: fake.baseUrl, timeoutMs: 2000, mediaChunkBytes: 4096, ...options });
const image: () => PostMedia = () => ({
  kind: 'image',
  bytes: png,
  contentType: 'image/png',
  altText: 'A blue square',
});
const video = (bytes = randomBytes(10_000)): PostMedia => ({ kind: 'video', bytes, contentType: 'video/mp4' });
const newRequests = (since: number) =>
  fake.requests.slice(since).map((request) => `${request.method} ${request.route}`);
/** An address where nothing listens (fetch refuses well-known ports such as 9 before even trying). */
const closedAddress = async () => {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return `http://127.0.0.1:${port}`;
};
const failure = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(PlatformError);
  return error as PlatformError;
};

describe('publishing to X', () => {
  it('posts text with the user access token, in exactly the API v2 payload', async () => {
    const before = fake.requests.length;
    const post = await x().publish(credentials, { text: 'Hello from an agent. #AI' });

    const [request] = fake.requestsTo('POST /2/tweets').slice(-1);
    expect(newRequests(before)).toEqual(['POST POST /2/tweets']);
    expect(request?.json).toEqual({ text: 'Hello from an agent. #AI' });
    expect(request?.headers.authorization).toBe(`Bearer ${agent.token}`);
    expect(request?.headers['content-type']).toMatch(/^application\/json/);
    const stored = fake.posts.find((candidate) => candidate.id === post.postId);
    expect(stored).toMatchObject({ authorId: agent.id, text: 'Hello from an agent. #AI', mediaIds: [] });
    expect(post).toEqual({ postId: stored?.id, url: `https://x.com/i/web/status/${stored?.id}` });
  });

  it('uploads an image (initialize, append, finalize, alt text) and attaches it', async () => {
    const before = fake.requests.length;
    const post = await x().publish(credentials, { text: 'A graphic', media: [image()] });

    expect(newRequests(before)).toEqual([
      'POST POST /2/media/upload/initialize',
      'POST POST /2/media/upload/:id/append',
      'POST POST /2/media/upload/:id/finalize',
      'POST POST /2/media/metadata',
      'POST POST /2/tweets',
    ]);
    const [initialize, append, , metadata, tweet] = fake.requests.slice(before);
    expect(initialize?.json).toEqual({
      media_type: 'image/png',
      total_bytes: png.length,
      media_category: 'tweet_image',
    });
    const mediaId = fake.media.size > 0 ? [...fake.media.values()].at(-1)?.id : undefined;
    expect(append?.path).toBe(`/2/media/upload/${mediaId}/append`);
    expect(append?.parts?.find((part) => part.name === 'segment_index')?.value).toBe('0');
    expect(append?.parts?.find((part) => part.name === 'media')?.bytes?.equals(png)).toBe(true);
    expect(metadata?.json).toEqual({ id: mediaId, metadata: { alt_text: { text: 'A blue square' } } });
    expect(tweet?.json).toEqual({ text: 'A graphic', media: { media_ids: [mediaId] } });
    expect(fake.mediaBytes(mediaId ?? '').equals(png)).toBe(true);
    expect(fake.posts.find((candidate) => candidate.id === post.postId)?.mediaIds).toEqual([mediaId]);
  });

  it('uploads a video in chunks and polls STATUS until X has processed it', async () => {
    const bytes = randomBytes(10_000);
    const before = fake.requests.length;
    const post = await x().publish(credentials, { text: 'A short video', media: [video(bytes)] });

    expect(newRequests(before)).toEqual([
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
    const requests = fake.requests.slice(before);
    const mediaId = fake.posts.find((candidate) => candidate.id === post.postId)?.mediaIds[0] ?? '';
    expect(requests[0]?.json).toEqual({ media_type: 'video/mp4', total_bytes: 10_000, media_category: 'tweet_video' });
    expect(
      requests.slice(1, 4).map((request) => request.parts?.find((part) => part.name === 'segment_index')?.value),
    ).toEqual(['0', '1', '2']);
    expect(
      requests.slice(1, 4).map((request) => request.parts?.find((part) => part.name === 'media')?.bytes?.length),
    ).toEqual([4096, 4096, 1808]);
    expect(requests[5]?.query).toEqual({ command: 'STATUS', media_id: mediaId });
    expect(fake.mediaBytes(mediaId).equals(bytes)).toBe(true);
    expect(requests.at(-1)?.json).toEqual({ text: 'A short video', media: { media_ids: [mediaId] } });
  });

  it('sends the video when it has images too, and says the images did not go', async () => {
    const post = await x().publish(credentials, { text: 'Both kinds', media: [image(), video()] });
    expect(fake.posts.find((candidate) => candidate.id === post.postId)?.mediaIds).toHaveLength(1);
    expect(post.notes).toEqual([
      'X carries one video or up to four images per post: the video went, 1 image(s) did not.',
    ]);
  });

  it('fails the post, permanently and without posting, when X cannot process the video', async () => {
    fake.videoProcessing.failWith = 'Unsupported video format';
    const error = await failure(x().publish(credentials, { text: 'Broken video', media: [video()] }));
    expect(error).toMatchObject({
      kind: 'permanent',
      reason: 'media_failed',
      message: 'X could not process the video: Unsupported video format.',
    });
    expect(fake.posts.some((post) => post.authorId === agent.id)).toBe(false);
  });

  it('gives up waiting for video processing after its bound (transient: X may be faster later)', async () => {
    fake.videoProcessing.checkAfterSecs = 5;
    const error = await failure(
      x({ mediaProcessingTimeoutMs: 1000 }).publish(credentials, { text: 'Slow video', media: [video()] }),
    );
    expect(error).toMatchObject({
      kind: 'transient',
      reason: 'media_failed',
      message: 'X was still processing the video after 1 s.',
    });
  });

  it('replies to a post', async () => {
    const other = fake.addUser({ username: 'someone' });
    const mention = fake.seedPost({ authorId: other.id, text: `@${agent.username} what do you think?` });
    const before = fake.requests.length;
    const reply = await x().publish(credentials, { text: 'I think it is great.', replyToPostId: mention.id });

    expect(fake.requests.slice(before)[0]?.json).toEqual({
      text: 'I think it is great.',
      reply: { in_reply_to_tweet_id: mention.id },
    });
    expect(fake.posts.find((post) => post.id === reply.postId)).toMatchObject({
      inReplyToPostId: mention.id,
      conversationId: mention.id,
      inReplyToUserId: other.id,
    });
  });
});

describe('X failures, classified for the delivery state machine', () => {
  it('429: transient, retry at the rate-limit reset X announced', async () => {
    fake.failNext('POST /2/tweets', { status: 429, retryAfterSeconds: 600 });
    const expectedReset = Date.now() / 1000 + 600;
    const error = await failure(x().publish(credentials, { text: 'Rate limited' }));
    expect(error).toMatchObject({ kind: 'transient', reason: 'rate_limited', status: 429 });
    expect(Math.abs((error.retryAt?.getTime() ?? 0) / 1000 - expectedReset)).toBeLessThanOrEqual(2);
    expect(error.message).toMatch(/^X is rate-limiting this account until \d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ \(429\)\.$/);
    expect(fake.posts.some((post) => post.authorId === agent.id)).toBe(false);
  });

  it('500: transient', async () => {
    fake.failNext('POST /2/tweets', { status: 500 });
    const error = await failure(x().publish(credentials, { text: 'Server error' }));
    expect(error).toMatchObject({
      kind: 'transient',
      reason: 'platform_unavailable',
      status: 500,
      message: 'X failed on its side (500: Internal Server Error).',
    });
  });

  it('a failing media upload fails the post as transient before anything is posted', async () => {
    fake.failNext('POST /2/media/upload/:id/append', { status: 503 });
    const error = await failure(x().publish(credentials, { text: 'Upload trouble', media: [image()] }));
    expect(error).toMatchObject({ kind: 'transient', status: 503 });
    expect(
      fake.requestsTo('POST /2/tweets').some((request) => (request.json as { text: string }).text === 'Upload trouble'),
    ).toBe(false);
  });

  it('403 duplicate: permanent, naming the original so a lost earlier attempt can be recognised', async () => {
    const first = await x().publish(credentials, { text: 'Say it once' });
    const error = await failure(x().publish(credentials, { text: 'Say it once' }));
    expect(error).toMatchObject({
      kind: 'permanent',
      reason: 'duplicate',
      status: 403,
      message: 'X refused the post as a duplicate: this account already published the same text.',
      existingPost: { postId: first.postId, url: first.url },
    });
  });

  it('401 (expired or revoked token): permanent, and the message says to reconnect', async () => {
    const error = await failure(x().publish({ accessToken: 'revoked-token', accountId: agent.id }, { text: 'Nobody' }));
    expect(error).toMatchObject({ kind: 'permanent', reason: 'reconnect_required', status: 401 });
    expect(error.message).toBe(
      "X no longer accepts this account's authorization (401: Unauthorized). Reconnect the X account to go on posting.",
    );
  });

  it('a post whose answer never comes: unknown after the timeout, not a hang', async () => {
    fake.hangNext('POST /2/tweets');
    const error = await failure(x({ timeoutMs: 300 }).publish(credentials, { text: 'Into the void' }));
    expect(error).toMatchObject({
      kind: 'unknown',
      reason: 'timeout',
      message: 'X did not answer within 0.3 s after the post was sent: it may have been published.',
    });
    await expect(
      x().findRecentPost!(credentials, { text: 'Into the void', since: new Date(Date.now() - 10_000) }),
    ).resolves.toBeNull();
  });

  it('accepted, then the connection dropped: unknown, and findRecentPost finds the post', async () => {
    const since = new Date();
    const text = 'Fish & chips <3 https://example.com/menu';
    fake.dropNext('POST /2/tweets', { afterAccept: true });
    const error = await failure(x().publish(credentials, { text }));
    expect(error).toMatchObject({ kind: 'unknown', reason: 'connection_lost' });

    const stored = fake.posts.find((post) => post.authorId === agent.id && post.text === text);
    expect(stored).toBeDefined();
    const found = await x().findRecentPost!(credentials, { text, since });
    expect(found).toEqual({ postId: stored?.id, url: `https://x.com/i/web/status/${stored?.id}` });
    const [read] = fake.requestsTo('GET /2/users/:id/tweets').slice(-1);
    expect(read?.path).toBe(`/2/users/${agent.id}/tweets`);
    expect(read?.query.start_time).toBe(new Date(since.getTime() - 60_000).toISOString().replace(/\.\d+Z$/, 'Z'));
  });

  it('a read that never answers is transient (nothing was published)', async () => {
    fake.hangNext('GET /2/users/:id/tweets');
    const error = await failure(
      x({ timeoutMs: 300 }).findRecentPost!(credentials, { text: 'anything', since: new Date() }),
    );
    expect(error).toMatchObject({ kind: 'transient', reason: 'timeout', message: 'X did not answer within 0.3 s.' });
  });

  it('connection refused: transient, saying where it could not connect', async () => {
    const address = await closedAddress();
    const error = await failure(
      createXPlatform({ baseUrl: address, timeoutMs: 2000 }).publish(credentials, { text: 'Hello?' }),
    );
    expect(error).toMatchObject({
      kind: 'transient',
      reason: 'unreachable',
      message: `Could not reach X at ${address} (ECONNREFUSED).`,
    });
  });
});

describe('deleting an X post', () => {
  it('sends DELETE /2/tweets/:id with the user access token, and the post leaves X', async () => {
    const post = await x().publish(credentials, { text: 'A post to take back' });
    const before = fake.requests.length;
    await x().deletePost(credentials, post.postId);

    expect(newRequests(before)).toEqual(['DELETE DELETE /2/tweets/:id']);
    const [request] = fake.requests.slice(before);
    expect(request?.url).toBe(`/2/tweets/${post.postId}`);
    expect(request?.headers.authorization).toBe(`Bearer ${agent.token}`);
    expect(request?.bodyBytes).toBe(0);
    expect(fake.posts.some((candidate) => candidate.id === post.postId)).toBe(false);
    await expect(
      x().findRecentPost!(credentials, { text: 'A post to take back', since: new Date(Date.now() - 10_000) }),
    ).resolves.toBeNull();
  });

  it('a post already gone counts as deleted', async () => {
    const post = await x().publish(credentials, { text: 'Deleted twice' });
    await x().deletePost(credentials, post.postId);
    await expect(x().deletePost(credentials, post.postId)).resolves.toBeUndefined();
    expect(
      fake
        .requestsTo('DELETE /2/tweets/:id')
        .slice(-2)
        .map((request) => request.path),
    ).toEqual([`/2/tweets/${post.postId}`, `/2/tweets/${post.postId}`]);
  });

  it("another account's post: permanent, saying only its author can delete it, and the post stays", async () => {
    const other = fake.addUser({ username: `other${fake.users.length}` });
    const theirs = fake.seedPost({ authorId: other.id, text: 'Not yours to delete' });
    const error = await failure(x().deletePost(credentials, theirs.id));
    expect(error).toMatchObject({ kind: 'permanent', reason: 'forbidden', status: 403 });
    expect(error.message).toBe(
      'X refused the request to delete the post (403: You are not allowed to delete a Tweet you did not create). Only the account that published a post can delete it: check that this post belongs to the connected X account.',
    );
    expect(fake.posts.some((post) => post.id === theirs.id)).toBe(true);
  });

  it('503: transient, the post stays, and a later attempt deletes it', async () => {
    const post = await x().publish(credentials, { text: 'X is down right now' });
    fake.failNext('DELETE /2/tweets/:id', { status: 503 });
    const error = await failure(x().deletePost(credentials, post.postId));
    expect(error).toMatchObject({
      kind: 'transient',
      reason: 'platform_unavailable',
      status: 503,
      message: 'X failed on its side (503: Service Unavailable).',
    });
    expect(fake.posts.some((candidate) => candidate.id === post.postId)).toBe(true);
    await x().deletePost(credentials, post.postId);
    expect(fake.posts.some((candidate) => candidate.id === post.postId)).toBe(false);
  });

  it('deleted, then the connection dropped: transient, and the retry resolves because the post is gone', async () => {
    const post = await x().publish(credentials, { text: 'Gone before the answer came' });
    fake.dropNext('DELETE /2/tweets/:id', { afterAccept: true });
    const error = await failure(x().deletePost(credentials, post.postId));
    expect(error).toMatchObject({ kind: 'transient', reason: 'connection_lost' });
    expect(fake.posts.some((candidate) => candidate.id === post.postId)).toBe(false);
    await expect(x().deletePost(credentials, post.postId)).resolves.toBeUndefined();
  });

  it('a revoked token: permanent, and the message says to reconnect', async () => {
    const post = await x().publish(credentials, { text: 'Kept while the token is revoked' });
    const error = await failure(x().deletePost({ ...credentials, accessToken: 'revoked-token' }, post.postId));
    expect(error).toMatchObject({ kind: 'permanent', reason: 'reconnect_required', status: 401 });
    expect(error.message).toContain('Reconnect the X account');
  });

  it('an id that cannot be an X post is refused without calling X', async () => {
    const before = fake.requests.length;
    const error = await failure(x().deletePost(credentials, 'urn:li:share:1'));
    expect(error).toMatchObject({
      kind: 'permanent',
      reason: 'rejected',
      message: 'X cannot delete "urn:li:share:1": X post ids are digits.',
    });
    expect(fake.requests.length).toBe(before);
  });
});

describe('what the replies loop reads from X', () => {
  it('finds mentions with their authors, conversations and whether each is a reply, then only newer ones', async () => {
    const fan = fake.addUser({ username: `fan${fake.users.length}` });
    const own = await x().publish(credentials, { text: 'An opinion worth discussing.' });
    const mention = fake.seedPost({ authorId: fan.id, text: `Hey @${agent.username}, thoughts on this?` });
    const reply = fake.seedPost({
      authorId: fan.id,
      text: `@${agent.username} I disagree & here is why`,
      inReplyToPostId: own.postId,
    });
    fake.seedPost({ authorId: fan.id, text: 'Nothing to do with the agent.' });

    const page = await x().findMentions(credentials, {});
    expect(page.posts.map(({ createdAt: _createdAt, ...post }) => post)).toEqual([
      {
        postId: mention.id,
        url: `https://x.com/${fan.username}/status/${mention.id}`,
        text: `Hey @${agent.username}, thoughts on this?`,
        authorId: fan.id,
        authorUsername: fan.username,
        conversationId: mention.id,
        isReply: false,
      },
      {
        postId: reply.id,
        url: `https://x.com/${fan.username}/status/${reply.id}`,
        text: `@${agent.username} I disagree & here is why`,
        authorId: fan.id,
        authorUsername: fan.username,
        conversationId: own.postId,
        isReply: true,
        inReplyToPostId: own.postId,
        inReplyToUserId: agent.id,
      },
    ]);
    expect(page.newestId).toBe(reply.id);
    const [request] = fake.requestsTo('GET /2/users/:id/mentions').slice(-1);
    expect(request?.query).toMatchObject({
      max_results: '100',
      'tweet.fields': 'author_id,conversation_id,created_at,in_reply_to_user_id,referenced_tweets',
      expansions: 'author_id',
      'user.fields': 'username',
    });

    const later = fake.seedPost({ authorId: fan.id, text: `One more for @${agent.username}` });
    const next = await x().findMentions(credentials, { sinceId: page.newestId });
    expect(next.posts.map((post) => post.postId)).toEqual([later.id]);
    await expect(x().findMentions(credentials, { sinceId: later.id })).resolves.toEqual({ posts: [] });
  });

  it("finds a user by username and reads that user's posts since an id", async () => {
    const expert = fake.addUser({ username: `expert${fake.users.length}`, name: 'The Expert' });
    const first = fake.seedPost({ authorId: expert.id, text: 'First insight' });
    const second = fake.seedPost({ authorId: expert.id, text: 'Second insight' });

    await expect(x().findUser(credentials, `@${expert.username}`)).resolves.toEqual({
      id: expert.id,
      username: expert.username,
      name: 'The Expert',
    });
    await expect(x().findUser(credentials, 'nobody_here')).resolves.toBeNull();
    await expect(x().findUser(credentials, 'not a username!')).resolves.toBeNull();

    const page = await x().findUserPosts(credentials, { userId: expert.id, sinceId: first.id });
    expect(page.posts.map((post) => [post.postId, post.text, post.authorUsername, post.isReply])).toEqual([
      [second.id, 'Second insight', expert.username, false],
    ]);
    expect(fake.requestsTo('GET /2/users/:id/tweets').at(-1)?.query).toMatchObject({
      since_id: first.id,
      exclude: 'retweets',
    });
  });
});
