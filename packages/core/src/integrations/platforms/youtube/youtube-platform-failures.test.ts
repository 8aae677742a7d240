import { describe, expect, it } from 'vitest';
import { youTubeErrorBody } from '@agentcast/test-fakes/youtube-api-fake';
import { closedAddress, failure } from '../common/platform-test-kit.ts';
import { SESSION, useYouTubePlatformFixture } from './youtube-platform-fixture.ts';
import { createYouTubePlatform } from './youtube-platform.ts';

const t = useYouTubePlatformFixture();

const pacificTime = new Intl.DateTimeFormat('en-US', {
  timeZone: 'America/Los_Angeles',
  hourCycle: 'h23',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

describe('YouTube failures, classified for the delivery state machine', () => {
  it('the daily quota used up: transient until the next midnight Pacific time, when YouTube renews it', async () => {
    t.fake.settings.dailyUploadsLeft = 0;
    const now = Date.now();
    const requests = t.watch();
    const error = await failure(t.youTube().publish(t.credentials, { text: 'Over quota', media: [t.clip()] }));
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
    t.fake.failNext(SESSION, {
      status: 400,
      body: youTubeErrorBody(400, 'uploadLimitExceeded', 'The user has exceeded the number of videos they may upload.'),
    });
    const expected = Date.now() + 24 * 60 * 60 * 1000;
    const error = await failure(t.youTube().publish(t.credentials, { text: 'Too many today', media: [t.clip()] }));
    expect(error).toMatchObject({ kind: 'transient', reason: 'quota_reached', status: 400 });
    expect(Math.abs((error.retryAt?.getTime() ?? 0) - expected)).toBeLessThan(2000);
  });

  it('rate limits: 403 userRateLimitExceeded and 429 are transient, with the retry time when given', async () => {
    t.fake.failNext(SESSION, {
      status: 403,
      body: youTubeErrorBody(403, 'userRateLimitExceeded', 'User Rate Limit Exceeded', 'usageLimits'),
    });
    const perUser = await failure(t.youTube().publish(t.credentials, { text: 'Fast', media: [t.clip()] }));
    expect(perUser).toMatchObject({
      kind: 'transient',
      reason: 'rate_limited',
      status: 403,
      message: 'YouTube is rate-limiting this account (403 userRateLimitExceeded: User Rate Limit Exceeded).',
    });

    t.fake.failNext(SESSION, { status: 429, retryAfterSeconds: 120 });
    const expected = Date.now() + 120_000;
    const tooMany = await failure(t.youTube().publish(t.credentials, { text: 'Faster', media: [t.clip()] }));
    expect(tooMany).toMatchObject({ kind: 'transient', reason: 'rate_limited', status: 429 });
    expect(Math.abs((tooMany.retryAt?.getTime() ?? 0) - expected)).toBeLessThan(2000);
  });

  it('a refused token (401) or one without the upload scope: permanent, saying to reconnect', async () => {
    const refused = await failure(
      t.youTube().publish({ ...t.credentials, accessToken: 'expired' }, { text: 'Hello', media: [t.clip()] }),
    );
    expect(refused).toMatchObject({ kind: 'permanent', reason: 'reconnect_required', status: 401 });
    expect(refused.message).toMatch(
      /^YouTube no longer accepts this account's authorization \(401: Request had invalid/,
    );
    expect(refused.message).toMatch(/Reconnect the YouTube account to go on posting\.$/);

    t.fake.failNext(SESSION, {
      status: 403,
      body: youTubeErrorBody(403, 'insufficientPermissions', 'Request had insufficient authentication scopes.'),
    });
    const scope = await failure(t.youTube().publish(t.credentials, { text: 'Hello', media: [t.clip()] }));
    expect(scope).toMatchObject({ kind: 'permanent', reason: 'reconnect_required', status: 403 });
  });

  it("forbidden or no channel: permanent, in Google's words", async () => {
    t.fake.failNext(SESSION, {
      status: 403,
      body: youTubeErrorBody(403, 'forbidden', 'The authenticated user cannot upload videos to this channel.'),
    });
    const forbidden = await failure(t.youTube().publish(t.credentials, { text: 'Hello', media: [t.clip()] }));
    expect(forbidden).toMatchObject({
      kind: 'permanent',
      reason: 'forbidden',
      message: 'YouTube refused the upload (403: The authenticated user cannot upload videos to this channel).',
    });

    t.fake.failNext(SESSION, {
      status: 401,
      body: youTubeErrorBody(401, 'youtubeSignupRequired', 'Unauthorized'),
    });
    const noChannel = await failure(t.youTube().publish(t.credentials, { text: 'Hello', media: [t.clip()] }));
    expect(noChannel).toMatchObject({ kind: 'permanent', reason: 'forbidden', status: 401 });
    expect(noChannel.message).toContain('has no YouTube channel');
  });

  it('5xx on the session request: transient', async () => {
    t.fake.failNext(SESSION, { status: 500 });
    const error = await failure(t.youTube().publish(t.credentials, { text: 'Broken', media: [t.clip()] }));
    expect(error).toMatchObject({
      kind: 'transient',
      reason: 'platform_unavailable',
      message: 'YouTube failed on its side (500: Backend Error).',
    });
  });

  it('connection refused: transient', async () => {
    const address = await closedAddress();
    const error = await failure(
      createYouTubePlatform({ baseUrl: address, timeoutMs: 2000 }).publish(t.credentials, {
        text: 'Anyone?',
        media: [t.clip()],
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
    const older = await t.youTube().publish(t.credentials, { text: 'Same words', media: [t.clip(500)] });
    const stale = t.storedVideo(older.postId);
    if (stale) stale.publishedAt = new Date(since.getTime() - 5 * 60_000).toISOString();
    await t.youTube().publish(t.credentials, { text: 'Other words', media: [t.clip(500)] });

    await expect(t.youTube().findRecentPost!(t.credentials, { text: 'Same words', since })).resolves.toBeNull();
    const fresh = await t.youTube().publish(t.credentials, { text: 'Same words', media: [t.clip(500)] });
    await expect(t.youTube().findRecentPost!(t.credentials, { text: 'Same  words\n', since })).resolves.toEqual({
      postId: fresh.postId,
      url: fresh.url,
    });
  });

  it("null for a channel without videos (YouTube's 404 playlistNotFound)", async () => {
    await expect(
      t.youTube().findRecentPost!(t.credentials, { text: 'Nothing yet', since: new Date() }),
    ).resolves.toBeNull();
    expect(t.fake.requestsTo('GET /youtube/v3/playlistItems').at(-1)?.query.playlistId).toBe(
      `UU${t.credentials.accountId.slice(2)}`,
    );
  });

  it('a channel YouTube does not know: permanent, saying to reconnect', async () => {
    const error = await failure(
      t.youTube().findRecentPost!(
        { ...t.credentials, accountId: 'UCnobodyxxxxxxxxxxxxxxxx' },
        { text: 'x', since: new Date() },
      ),
    );
    expect(error).toMatchObject({ kind: 'permanent', reason: 'reconnect_required' });
  });
});

describe('deleting a YouTube video', () => {
  it('sends DELETE /youtube/v3/videos?id=…, and the video leaves YouTube', async () => {
    const post = await t.youTube().publish(t.credentials, { text: 'To take back', media: [t.clip(500)] });
    const requests = t.watch();
    await t.youTube().deletePost(t.credentials, post.postId);

    expect(requests().map((request) => `${request.method} ${request.url}`)).toEqual([
      `DELETE /youtube/v3/videos?id=${post.postId}`,
    ]);
    expect(requests()[0]?.headers.authorization).toBe(`Bearer ${t.token}`);
    expect(t.storedVideo(post.postId)).toBeUndefined();
  });

  it('a video already gone counts as deleted', async () => {
    const post = await t.youTube().publish(t.credentials, { text: 'Deleted twice', media: [t.clip(500)] });
    await t.youTube().deletePost(t.credentials, post.postId);
    await expect(t.youTube().deletePost(t.credentials, post.postId)).resolves.toBeUndefined();
  });

  it("another channel's video: permanent, saying only its channel can delete it, and the video stays", async () => {
    const other = t.fake.addChannel();
    const theirs = await t
      .youTube()
      .publish({ accessToken: other.token, accountId: other.id }, { text: 'Theirs', media: [t.clip(500)] });
    const error = await failure(t.youTube().deletePost(t.credentials, theirs.postId));
    expect(error).toMatchObject({ kind: 'permanent', reason: 'forbidden', status: 403 });
    expect(error.message).toMatch(/Only the account that published a post can delete it/);
    expect(t.storedVideo(theirs.postId)).toBeDefined();
  });

  it('503: transient, and the video stays', async () => {
    const post = await t.youTube().publish(t.credentials, { text: 'Down for a moment', media: [t.clip(500)] });
    t.fake.failNext('DELETE /youtube/v3/videos', { status: 503 });
    const error = await failure(t.youTube().deletePost(t.credentials, post.postId));
    expect(error).toMatchObject({ kind: 'transient', reason: 'platform_unavailable', status: 503 });
    expect(t.storedVideo(post.postId)).toBeDefined();
  });

  it('an id that is not a YouTube video id is refused without calling YouTube', async () => {
    const requests = t.watch();
    const error = await failure(t.youTube().deletePost(t.credentials, 'urn:li:share:1'));
    expect(error).toMatchObject({
      kind: 'permanent',
      reason: 'rejected',
      message: 'YouTube cannot delete "urn:li:share:1": YouTube video ids are 11 letters, digits, - or _.',
    });
    expect(requests()).toEqual([]);
  });
});
