import { randomBytes } from 'node:crypto';
import { createServer, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startYouTubeApiFake, youTubeErrorBody, type YouTubeApiFake } from '@agentcast/test-fakes/youtube-api-fake';
import { createYouTubePlatform } from './youtube-platform.ts';
import { youTubeTokenMayGoTo } from './youtube-requester.ts';
import { PlatformError, type PlatformCredentials, type PostMedia } from '../common/platform.ts';

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
  fake.settings.dailyUploadsLeft = Number.POSITIVE_INFINITY;
});

const SESSION = 'POST /upload/youtube/v3/videos';
const BYTES = 'PUT /upload/youtube/v3/videos';
const PIECE = 256 * 1024;

const youTube = (options: Partial<Parameters<typeof createYouTubePlatform>[0]> = {}) =>
  createYouTubePlatform({ baseUrl: fake.baseUrl, timeoutMs: 2000, ...options });
const clip = (size = 300_000): PostMedia => ({ kind: 'video', bytes: randomBytes(size), contentType: 'video/mp4' });
const graphic = (): PostMedia => ({ kind: 'image', bytes: randomBytes(100), contentType: 'image/png' });
/** The requests one publish made, from this point on. */
const watch = () => {
  const before = fake.requests.length;
  return () => fake.requests.slice(before);
};
const storedVideo = (postId: string) => fake.videos.find((video) => video.id === postId);
const failure = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(PlatformError);
  return error as PlatformError;
};
/** An address where nothing listens. */
const closedAddress = async () => {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return `http://127.0.0.1:${port}`;
};
const pacificTime = new Intl.DateTimeFormat('en-US', {
  timeZone: 'America/Los_Angeles',
  hourCycle: 'h23',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

describe('publishing a Short to YouTube', () => {
  it('starts a resumable session with the metadata, PUTs the bytes to the session URL, and returns the Short', async () => {
    const video = clip();
    const requests = watch();
    const post = await youTube().publish(credentials, {
      text: 'Ship small changes. Big plans > big bugs.',
      media: [video],
    });

    expect(requests().map((request) => request.route)).toEqual([SESSION, BYTES]);
    const [session, upload] = requests();
    expect(session?.query).toEqual({ uploadType: 'resumable', part: 'snippet,status' });
    expect(session?.headers).toMatchObject({
      authorization: `Bearer ${token}`,
      'content-type': 'application/json; charset=UTF-8',
      'x-upload-content-type': 'video/mp4',
      'x-upload-content-length': '300000',
    });
    expect(session?.json).toEqual({
      snippet: {
        title: 'Ship small changes #Shorts',
        description: 'Ship small changes. Big plans › big bugs.',
        categoryId: '22',
      },
      status: { privacyStatus: 'private', selfDeclaredMadeForKids: false },
    });
    expect(upload?.path).toBe('/upload/youtube/v3/videos');
    expect(upload?.query.upload_id).toBeTruthy();
    expect(upload?.headers).toMatchObject({
      authorization: `Bearer ${token}`,
      'content-type': 'video/mp4',
      'content-length': '300000',
    });
    expect(upload?.headers['content-range']).toBeUndefined();
    expect(upload?.body.equals(video.bytes)).toBe(true);

    const stored = storedVideo(post.postId);
    expect(post).toEqual({ postId: stored?.id, url: `https://www.youtube.com/shorts/${stored?.id}` });
    expect(post.postId).toMatch(/^[A-Za-z0-9_-]{11}$/);
    expect(stored).toMatchObject({
      channelId: credentials.accountId,
      privacyStatus: 'private',
      contentType: 'video/mp4',
    });
    expect(stored?.bytes.equals(video.bytes)).toBe(true);
  });

  it("uploads with the agent's chosen privacy", async () => {
    const unlisted = await youTube().publish(credentials, {
      text: 'Unlisted',
      media: [clip(1000)],
      videoPrivacy: 'unlisted',
    });
    expect((fake.requestsTo(SESSION).at(-1)?.json as { status?: unknown }).status).toEqual({
      privacyStatus: 'unlisted',
      selfDeclaredMadeForKids: false,
    });
    expect(storedVideo(unlisted.postId)?.privacyStatus).toBe('unlisted');
    const open = await youTube().publish(credentials, { text: 'Public', media: [clip(1000)], videoPrivacy: 'public' });
    expect(storedVideo(open.postId)?.privacyStatus).toBe('public');
  });

  it('sends a long video in pieces of the configured size with Content-Range, each answered 308 but the last', async () => {
    const video = clip(Math.floor(2.5 * PIECE));
    const requests = watch();
    const post = await youTube({ uploadChunkBytes: PIECE }).publish(credentials, { text: 'Long', media: [video] });

    const pieces = requests().filter((request) => request.route === BYTES);
    expect(pieces.map((piece) => piece.headers['content-range'])).toEqual([
      'bytes 0-262143/655360',
      'bytes 262144-524287/655360',
      'bytes 524288-655359/655360',
    ]);
    expect(pieces.map((piece) => piece.bodyBytes)).toEqual([PIECE, PIECE, PIECE / 2]);
    expect(storedVideo(post.postId)?.bytes.equals(video.bytes)).toBe(true);
  });

  it('carries the first video and notes the images and further videos it left out', async () => {
    const first = clip(2000);
    const post = await youTube().publish(credentials, {
      text: 'A post with everything',
      media: [graphic(), first, graphic(), clip(3000)],
    });
    expect(storedVideo(post.postId)?.bytes.equals(first.bytes)).toBe(true);
    expect(post.notes).toEqual([
      'YouTube Shorts carry a video only: the 2 images were left out.',
      'A YouTube Short is one video: 1 more were left out.',
    ]);
  });

  it('a post without a video, or as a reply: permanent, without calling YouTube', async () => {
    const requests = watch();
    const none = await failure(youTube().publish(credentials, { text: 'Only an image', media: [graphic()] }));
    expect(none).toMatchObject({
      kind: 'permanent',
      reason: 'rejected',
      message: 'YouTube takes videos only: this post has none.',
    });
    const reply = await failure(
      youTube().publish(credentials, { text: 'A reply', media: [clip(10)], replyToPostId: 'dQw4w9WgXcQ' }),
    );
    expect(reply).toMatchObject({ kind: 'permanent', reason: 'rejected' });
    expect(requests()).toEqual([]);
  });

  it('describes what YouTube needs: a vertical video, text up to 5000 characters, no replies', () => {
    expect(youTube()).toMatchObject({
      id: 'youtube',
      name: 'YouTube',
      maxTextLength: 5000,
      supportsReplies: false,
      requiresMedia: 'video',
      mediaRenditions: { video: 'vertical' },
    });
    expect(() => youTube({ uploadChunkBytes: 100_000 })).toThrow(/multiple of 256 KiB/);
  });

  it('sends the token only to the configured API and to Google API hosts over https', () => {
    const base = new URL('http://127.0.0.1:5005');
    expect(youTubeTokenMayGoTo(base, new URL('http://127.0.0.1:5005/upload/youtube/v3/videos?upload_id=x'))).toBe(true);
    expect(youTubeTokenMayGoTo(base, new URL('https://www.googleapis.com/upload/youtube/v3/videos'))).toBe(true);
    expect(youTubeTokenMayGoTo(base, new URL('http://www.googleapis.com/upload'))).toBe(false);
    expect(youTubeTokenMayGoTo(base, new URL('https://googleapis.com.example.net/upload'))).toBe(false);
    expect(youTubeTokenMayGoTo(base, new URL('http://127.0.0.1:6006/upload'))).toBe(false);
  });
});

describe('an interrupted YouTube upload', () => {
  it('answer to the last piece lost after YouTube made the video: the status query finds it, no second video', async () => {
    fake.dropNext(BYTES, { afterAccept: true });
    const before = fake.videos.length;
    const requests = watch();
    const post = await youTube().publish(credentials, { text: 'Dropped answer', media: [clip()] });

    expect(fake.videos.length).toBe(before + 1);
    expect(post.postId).toBe(fake.videos.at(-1)?.id);
    expect(requests().map((request) => request.route)).toEqual([SESSION, BYTES, BYTES]);
    const statusQuery = requests()[2];
    expect(statusQuery?.headers['content-range']).toBe('bytes */300000');
    expect(statusQuery?.headers['content-length']).toBe('0');
    expect(statusQuery?.query.upload_id).toBe(requests()[1]?.query.upload_id);
  });

  it('cut midway: resumed from the Range YouTube reports, and YouTube holds exactly the video', async () => {
    const video = clip();
    fake.cutNextUpload(100_000);
    const requests = watch();
    const post = await youTube().publish(credentials, { text: 'Cut midway', media: [video] });

    const puts = requests().filter((request) => request.route === BYTES);
    expect(puts.map((put) => put.headers['content-range'])).toEqual([
      undefined,
      'bytes */300000',
      'bytes 100000-299999/300000',
    ]);
    expect(puts[2]?.body.equals(video.bytes.subarray(100_000))).toBe(true);
    expect(storedVideo(post.postId)?.bytes.equals(video.bytes)).toBe(true);
  });

  it('cut midway through a piece: the following pieces go on from the offset YouTube reports', async () => {
    const video = clip(600_000);
    fake.cutNextUpload(100_000);
    const requests = watch();
    const post = await youTube({ uploadChunkBytes: PIECE }).publish(credentials, { text: 'In pieces', media: [video] });

    expect(
      requests()
        .filter((request) => request.route === BYTES)
        .map((put) => put.headers['content-range']),
    ).toEqual(['bytes 0-262143/600000', 'bytes */600000', 'bytes 100000-362143/600000', 'bytes 362144-599999/600000']);
    expect(storedVideo(post.postId)?.bytes.equals(video.bytes)).toBe(true);
  });

  it('a piece that never answers: after the timeout nothing had arrived, so the video goes again from byte 0', async () => {
    const video = clip();
    fake.hangNext(BYTES);
    const before = fake.videos.length;
    const requests = watch();
    const post = await youTube({ timeoutMs: 400 }).publish(credentials, { text: 'Hung once', media: [video] });

    const puts = requests().filter((request) => request.route === BYTES);
    expect(puts.map((put) => put.headers['content-range'])).toEqual([undefined, 'bytes */300000', undefined]);
    expect(fake.videos.length).toBe(before + 1);
    expect(storedVideo(post.postId)?.bytes.equals(video.bytes)).toBe(true);
  });

  it('a 503 on a piece: the status query says where to go on', async () => {
    fake.failNext(BYTES, { status: 503 });
    const video = clip();
    const post = await youTube().publish(credentials, { text: 'YouTube hiccup', media: [video] });
    expect(storedVideo(post.postId)?.bytes.equals(video.bytes)).toBe(true);
    expect(
      fake
        .requestsTo(BYTES)
        .slice(-2)
        .map((put) => put.headers['content-range']),
    ).toEqual(['bytes */300000', undefined]);
  });

  it('the status query fails too after the last piece went out: unknown, and findRecentPost finds the video', async () => {
    const since = new Date();
    const text = 'Lost twice: <done> beats perfect.\n\nEvery time.';
    fake.dropNext(BYTES, { afterAccept: true, times: 2 });
    const error = await failure(youTube().publish(credentials, { text, media: [clip()] }));
    expect(error).toMatchObject({ kind: 'unknown', reason: 'connection_lost' });
    expect(error.message).toMatch(
      /^YouTube's answer to the end of the video was lost, and asking how far the upload got failed too \(.+\): the video may have been published\.$/,
    );

    const stored = fake.videos.at(-1);
    expect(stored?.channelId).toBe(credentials.accountId);
    const requests = watch();
    const found = await youTube().findRecentPost!(credentials, { text, since });
    expect(found).toEqual({ postId: stored?.id, url: `https://www.youtube.com/shorts/${stored?.id}` });
    const [channel, playlist] = requests();
    expect(channel?.route).toBe('GET /youtube/v3/channels');
    expect(channel?.query).toEqual({ part: 'contentDetails', id: credentials.accountId });
    expect(channel?.headers.authorization).toBe(`Bearer ${token}`);
    expect(playlist?.route).toBe('GET /youtube/v3/playlistItems');
    expect(playlist?.query).toEqual({
      part: 'snippet',
      playlistId: `UU${credentials.accountId.slice(2)}`,
      maxResults: '25',
    });
  });

  it('the last piece lost and the session then gone: unknown, since the video may have been made before it went', async () => {
    fake.dropNext(BYTES, { afterAccept: true });
    fake.failNext(BYTES, { status: 404 });
    const error = await failure(youTube().publish(credentials, { text: 'Session gone', media: [clip()] }));
    expect(error.kind).toBe('unknown');
    expect(fake.videos.at(-1)?.description).toBe('Session gone');
  });

  it('a piece that could not finish the upload lost, then the session gone: transient, nothing published', async () => {
    fake.dropNext(BYTES);
    fake.failNext(BYTES, { status: 404 });
    const before = fake.videos.length;
    const error = await failure(
      youTube({ uploadChunkBytes: PIECE }).publish(credentials, { text: 'Expired', media: [clip(600_000)] }),
    );
    expect(error).toMatchObject({
      kind: 'transient',
      reason: 'media_failed',
      status: 404,
      message:
        "YouTube's upload session ended before the video was complete (404): nothing was published, and the next attempt starts the upload over.",
    });
    expect(fake.videos.length).toBe(before);
  });

  it('a timeout before any byte of the video went out is transient, never unknown', async () => {
    fake.hangNext(SESSION);
    const requests = watch();
    const error = await failure(youTube({ timeoutMs: 300 }).publish(credentials, { text: 'Slow', media: [clip()] }));
    expect(error).toMatchObject({ kind: 'transient', reason: 'timeout' });
    expect(requests().map((request) => request.route)).toEqual([SESSION]);
  });
});

describe('YouTube failures, classified for the delivery state machine', () => {
  it('the daily quota used up: transient until the next midnight Pacific time, when YouTube renews it', async () => {
    fake.settings.dailyUploadsLeft = 0;
    const now = Date.now();
    const requests = watch();
    const error = await failure(youTube().publish(credentials, { text: 'Over quota', media: [clip()] }));
    expect(error).toMatchObject({
      kind: 'transient',
      reason: 'quota_reached',
      status: 403,
      message:
        "YouTube's daily upload quota is used up (403 quotaExceeded: The request cannot be completed because you have exceeded your quota); it renews at midnight Pacific time, when the upload is tried again.",
    });
    const retryAt = error.retryAt ?? new Date(0);
    expect(pacificTime.format(retryAt)).toBe('00:00:00');
    expect(retryAt.getTime()).toBeGreaterThan(now);
    expect(retryAt.getTime() - now).toBeLessThanOrEqual(25 * 60 * 60 * 1000);
    expect(requests().map((request) => request.route)).toEqual([SESSION]);
  });

  it("the channel's own upload limit: transient, tried again in 24 hours as YouTube says", async () => {
    fake.failNext(SESSION, {
      status: 400,
      body: youTubeErrorBody(400, 'uploadLimitExceeded', 'The user has exceeded the number of videos they may upload.'),
    });
    const expected = Date.now() + 24 * 60 * 60 * 1000;
    const error = await failure(youTube().publish(credentials, { text: 'Too many today', media: [clip()] }));
    expect(error).toMatchObject({ kind: 'transient', reason: 'quota_reached', status: 400 });
    expect(Math.abs((error.retryAt?.getTime() ?? 0) - expected)).toBeLessThan(2000);
  });

  it('rate limits: 403 userRateLimitExceeded and 429 are transient, with the retry time when given', async () => {
    fake.failNext(SESSION, {
      status: 403,
      body: youTubeErrorBody(403, 'userRateLimitExceeded', 'User Rate Limit Exceeded', 'usageLimits'),
    });
    const perUser = await failure(youTube().publish(credentials, { text: 'Fast', media: [clip()] }));
    expect(perUser).toMatchObject({
      kind: 'transient',
      reason: 'rate_limited',
      status: 403,
      message: 'YouTube is rate-limiting this account (403 userRateLimitExceeded: User Rate Limit Exceeded).',
    });

    fake.failNext(SESSION, { status: 429, retryAfterSeconds: 120 });
    const expected = Date.now() + 120_000;
    const tooMany = await failure(youTube().publish(credentials, { text: 'Faster', media: [clip()] }));
    expect(tooMany).toMatchObject({ kind: 'transient', reason: 'rate_limited', status: 429 });
    expect(Math.abs((tooMany.retryAt?.getTime() ?? 0) - expected)).toBeLessThan(2000);
  });

  it('a refused token (401) or one without the upload scope: permanent, saying to reconnect', async () => {
    const refused = await failure(
      youTube().publish({ ...credentials, accessToken: 'expired' }, { text: 'Hello', media: [clip()] }),
    );
    expect(refused).toMatchObject({ kind: 'permanent', reason: 'reconnect_required', status: 401 });
    expect(refused.message).toMatch(
      /^YouTube no longer accepts this account's authorization \(401: Request had invalid/,
    );
    expect(refused.message).toMatch(/Reconnect the YouTube account to go on posting\.$/);

    fake.failNext(SESSION, {
      status: 403,
      body: youTubeErrorBody(403, 'insufficientPermissions', 'Request had insufficient authentication scopes.'),
    });
    const scope = await failure(youTube().publish(credentials, { text: 'Hello', media: [clip()] }));
    expect(scope).toMatchObject({ kind: 'permanent', reason: 'reconnect_required', status: 403 });
  });

  it("forbidden or no channel: permanent, in Google's words", async () => {
    fake.failNext(SESSION, {
      status: 403,
      body: youTubeErrorBody(403, 'forbidden', 'The authenticated user cannot upload videos to this channel.'),
    });
    const forbidden = await failure(youTube().publish(credentials, { text: 'Hello', media: [clip()] }));
    expect(forbidden).toMatchObject({
      kind: 'permanent',
      reason: 'forbidden',
      message: 'YouTube refused the upload (403: The authenticated user cannot upload videos to this channel).',
    });

    fake.failNext(SESSION, {
      status: 401,
      body: youTubeErrorBody(401, 'youtubeSignupRequired', 'Unauthorized'),
    });
    const noChannel = await failure(youTube().publish(credentials, { text: 'Hello', media: [clip()] }));
    expect(noChannel).toMatchObject({ kind: 'permanent', reason: 'forbidden', status: 401 });
    expect(noChannel.message).toContain('has no YouTube channel');
  });

  it('5xx on the session request: transient', async () => {
    fake.failNext(SESSION, { status: 500 });
    const error = await failure(youTube().publish(credentials, { text: 'Broken', media: [clip()] }));
    expect(error).toMatchObject({
      kind: 'transient',
      reason: 'platform_unavailable',
      message: 'YouTube failed on its side (500: Backend Error).',
    });
  });

  it('connection refused: transient', async () => {
    const address = await closedAddress();
    const error = await failure(
      createYouTubePlatform({ baseUrl: address, timeoutMs: 2000 }).publish(credentials, {
        text: 'Anyone?',
        media: [clip()],
      }),
    );
    expect(error).toMatchObject({
      kind: 'transient',
      reason: 'unreachable',
      message: `Could not reach YouTube at ${address} (ECONNREFUSED).`,
    });
  });
});

describe("finding a channel's recent Short", () => {
  it('matches the description and the time, not other videos', async () => {
    const since = new Date();
    const older = await youTube().publish(credentials, { text: 'Same words', media: [clip(500)] });
    const stale = storedVideo(older.postId);
    if (stale) stale.publishedAt = new Date(since.getTime() - 5 * 60_000).toISOString();
    await youTube().publish(credentials, { text: 'Other words', media: [clip(500)] });

    await expect(youTube().findRecentPost!(credentials, { text: 'Same words', since })).resolves.toBeNull();
    const fresh = await youTube().publish(credentials, { text: 'Same words', media: [clip(500)] });
    await expect(youTube().findRecentPost!(credentials, { text: 'Same  words\n', since })).resolves.toEqual({
      postId: fresh.postId,
      url: fresh.url,
    });
  });

  it("null for a channel without videos (YouTube's 404 playlistNotFound)", async () => {
    await expect(
      youTube().findRecentPost!(credentials, { text: 'Nothing yet', since: new Date() }),
    ).resolves.toBeNull();
    expect(fake.requestsTo('GET /youtube/v3/playlistItems').at(-1)?.query.playlistId).toBe(
      `UU${credentials.accountId.slice(2)}`,
    );
  });

  it('a channel YouTube does not know: permanent, saying to reconnect', async () => {
    const error = await failure(
      youTube().findRecentPost!(
        { ...credentials, accountId: 'UCnobodyxxxxxxxxxxxxxxxx' },
        { text: 'x', since: new Date() },
      ),
    );
    expect(error).toMatchObject({ kind: 'permanent', reason: 'reconnect_required' });
  });
});

describe('deleting a YouTube video', () => {
  it('sends DELETE /youtube/v3/videos?id=…, and the video leaves YouTube', async () => {
    const post = await youTube().publish(credentials, { text: 'To take back', media: [clip(500)] });
    const requests = watch();
    await youTube().deletePost(credentials, post.postId);

    expect(requests().map((request) => `${request.method} ${request.url}`)).toEqual([
      `DELETE /youtube/v3/videos?id=${post.postId}`,
    ]);
    expect(requests()[0]?.headers.authorization).toBe(`Bearer ${token}`);
    expect(storedVideo(post.postId)).toBeUndefined();
  });

  it('a video already gone counts as deleted', async () => {
    const post = await youTube().publish(credentials, { text: 'Deleted twice', media: [clip(500)] });
    await youTube().deletePost(credentials, post.postId);
    await expect(youTube().deletePost(credentials, post.postId)).resolves.toBeUndefined();
  });

  it("another channel's video: permanent, saying only its channel can delete it, and the video stays", async () => {
    const other = fake.addChannel();
    const theirs = await youTube().publish(
      { accessToken: other.token, accountId: other.id },
      { text: 'Theirs', media: [clip(500)] },
    );
    const error = await failure(youTube().deletePost(credentials, theirs.postId));
    expect(error).toMatchObject({ kind: 'permanent', reason: 'forbidden', status: 403 });
    expect(error.message).toMatch(/Only the account that published a post can delete it/);
    expect(storedVideo(theirs.postId)).toBeDefined();
  });

  it('503: transient, and the video stays', async () => {
    const post = await youTube().publish(credentials, { text: 'Down for a moment', media: [clip(500)] });
    fake.failNext('DELETE /youtube/v3/videos', { status: 503 });
    const error = await failure(youTube().deletePost(credentials, post.postId));
    expect(error).toMatchObject({ kind: 'transient', reason: 'platform_unavailable', status: 503 });
    expect(storedVideo(post.postId)).toBeDefined();
  });

  it('an id that is not a YouTube video id is refused without calling YouTube', async () => {
    const requests = watch();
    const error = await failure(youTube().deletePost(credentials, 'urn:li:share:1'));
    expect(error).toMatchObject({
      kind: 'permanent',
      reason: 'rejected',
      message: 'YouTube cannot delete "urn:li:share:1": YouTube video ids are 11 letters, digits, - or _.',
    });
    expect(requests()).toEqual([]);
  });
});
