import { TIKTOK_ROUTES as ROUTES, tiktokErrorBody } from '@agentcast/test-fakes/tiktok-api-fake';
import { describe, expect, it } from 'vitest';
import { failure } from '../common/platform-test-kit.ts';
import { useTikTokFixture } from './tiktok-test-fixture.ts';

const t = useTikTokFixture();

describe('a post TikTok does not publish', () => {
  it("ends FAILED: permanent, with TikTok's reason in words, and an unknown reason verbatim", async () => {
    const { credentials } = t.creator();
    t.fake.scriptNextPublish(
      { processingReads: 2, failReason: 'frame_rate_check_failed' },
      { failReason: 'new_reason' },
    );
    expect(await failure(t.tiktok().publish(credentials, { text: 'Jerky', media: [t.clip()] }))).toMatchObject({
      kind: 'permanent',
      reason: 'media_failed',
      message:
        'TikTok did not publish the post: TikTok refused the video’s frame rate (it takes 23 to 60 frames a second).',
    });
    expect(await failure(t.tiktok().publish(credentials, { text: 'Odd', media: [t.clip()] }))).toMatchObject({
      kind: 'permanent',
      reason: 'rejected',
      message: 'TikTok did not publish the post (new_reason).',
    });
  });

  it('fails on TikTok’s side (internal): transient, as TikTok says to try again', async () => {
    const { credentials } = t.creator();
    t.fake.scriptNextPublish({ failReason: 'internal' });
    expect(await failure(t.tiktok().publish(credentials, { text: 'Again', media: [t.clip()] }))).toMatchObject({
      kind: 'transient',
      reason: 'platform_unavailable',
    });
  });

  it('photos TikTok cannot pull end FAILED photo_pull_failed, saying where they must be', async () => {
    const { credentials } = t.creator();
    const gone = { ...t.photo('gone.jpg'), publicUrl: `${t.photoBaseUrl}/media/missing.jpg` };
    const error = await failure(t.tiktok().publish(credentials, { text: 'Gone', media: [gone] }));
    expect(error).toMatchObject({ kind: 'permanent', reason: 'media_failed' });
    expect(error.message).toMatch(/^TikTok did not publish the post: TikTok could not fetch the photos/);
  });

  it('still processing at the deadline: unknown, it was sent and may yet be published', async () => {
    const { credentials } = t.creator();
    t.fake.scriptNextPublish({ processingReads: 10_000 });
    const error = await failure(
      t.tiktok({ statusTimeoutMs: 100 }).publish(credentials, { text: 'Slow', media: [t.clip()] }),
    );
    expect(error).toMatchObject({
      kind: 'unknown',
      reason: 'timeout',
      message: 'TikTok was still processing the post after 0.1 s: it was sent, and TikTok may still publish it.',
    });
  });
});

describe('TikTok refusing a post', () => {
  it('an invalid token asks to reconnect; a missing scope names it', async () => {
    const error = await failure(
      t.tiktok().publish({ accessToken: 'act.revoked', accountId: 'x' }, { text: 'Hi', media: [t.clip()] }),
    );
    expect(error).toMatchObject({ kind: 'permanent', reason: 'reconnect_required', status: 401 });
    expect(error.message).toMatch(/^TikTok no longer accepts this account's authorization \(401: The access token/);
    const { credentials } = t.creator({ scopes: ['user.info.basic', 'video.list'] });
    expect(await failure(t.tiktok().publish(credentials, { text: 'Hi', media: [t.clip()] }))).toMatchObject({
      kind: 'permanent',
      reason: 'forbidden',
      message:
        "TikTok refused the request for the creator's posting settings: this connection was not granted the video.publish permission it needs. Reconnect the TikTok account and allow it.",
    });
  });

  it('rate-limited (429): transient, until the one-minute window has passed', async () => {
    const { credentials } = t.creator();
    t.fake.failNext(ROUTES.creatorInfo, { status: 429 });
    const error = await failure(t.tiktok().publish(credentials, { text: 'Busy', media: [t.clip()] }));
    expect(error).toMatchObject({ kind: 'transient', reason: 'rate_limited', status: 429 });
    expect(error.retryAt!.getTime()).toBeGreaterThan(Date.now() + 50_000);
    expect(error.retryAt!.getTime()).toBeLessThanOrEqual(Date.now() + 60_000);
  });

  it("an unaudited app posting to a public account gets TikTok's error, as a sentence saying what to do", async () => {
    const { credentials } = t.creator({ privateAccount: false });
    const error = await failure(t.tiktok().publish(credentials, { text: 'Public account', media: [t.clip()] }));
    expect(error).toMatchObject({ kind: 'permanent', reason: 'forbidden', status: 403 });
    expect(error.message).toBe(
      "TikTok refused the post: until TikTok audits this server's app, it posts only to private accounts. Make the TikTok account private (in the TikTok app: Settings and privacy → Privacy → Private account) and post again.",
    );
  });

  it('the daily limit and a text taken for spam: permanent, each in words, even when answered 200', async () => {
    const { credentials } = t.creator();
    t.fake.failNext(ROUTES.videoInit, {
      status: 403,
      body: tiktokErrorBody('spam_risk_too_many_posts', 'The user has reached the daily post limit.'),
    });
    expect(await failure(t.tiktok().publish(credentials, { text: 'Again', media: [t.clip()] }))).toMatchObject({
      kind: 'permanent',
      reason: 'quota_reached',
      message:
        'TikTok refused the post: this account has published as many posts through apps today as TikTok allows. This post was skipped.',
    });
    t.fake.failNext(ROUTES.videoInit, { status: 200, body: tiktokErrorBody('spam_risk_text', 'Spam risk.') });
    expect(await failure(t.tiktok().publish(credentials, { text: 'Buy now', media: [t.clip()] }))).toMatchObject({
      kind: 'permanent',
      reason: 'rejected',
      message: "TikTok refused the post's text as likely spam: it was not published.",
    });
  });

  it('photos on a domain not verified for the app: permanent, naming the domain and where to verify it', async () => {
    const { credentials } = t.creator();
    t.fake.settings.verifiedUrlPrefixes = ['https://media.example.com/'];
    try {
      const error = await failure(t.tiktok().publish(credentials, { text: 'Photo', media: [t.photo('d.jpg')] }));
      expect(error).toMatchObject({ kind: 'permanent', reason: 'media_failed', status: 403 });
      expect(error.message).toBe(
        `TikTok refused to fetch the images from ${new URL(t.photoBaseUrl).host}: it takes images only from a domain verified for this server's TikTok app. Verify the domain under URL properties in the TikTok developer portal, or keep media on one that is.`,
      );
    } finally {
      t.fake.settings.verifiedUrlPrefixes = undefined;
    }
  });
});

describe('a lost answer', () => {
  it('the last chunk arrived but its answer was lost: the status says the post is out', async () => {
    const { credentials } = t.creator();
    t.fake.dropNext(ROUTES.upload, { afterAccept: true });
    const post = await t.tiktok().publish(credentials, { text: 'Arrived', media: [t.clip()] });
    expect(post.postId).toBe(t.fake.posts().at(-1)?.publishId);
  });

  it('the last chunk never answered and TikTok never finished: unknown at the deadline', async () => {
    const { credentials } = t.creator();
    t.fake.hangNext(ROUTES.upload);
    const error = await failure(
      t.tiktok({ timeoutMs: 300, statusTimeoutMs: 100 }).publish(credentials, { text: 'Lost', media: [t.clip()] }),
    );
    expect(error).toMatchObject({ kind: 'unknown', reason: 'timeout' });
  });

  it('a chunk before the last lost: transient, nothing was published', async () => {
    const { credentials } = t.creator();
    t.fake.dropNext(ROUTES.upload);
    const sent = t.watch();
    const error = await failure(
      t.tiktok({ chunkBytes: 5 * 1024 * 1024 }).publish(credentials, {
        text: 'Broken upload',
        media: [t.clip(Buffer.alloc(11 * 1024 * 1024, 7))],
      }),
    );
    expect(error).toMatchObject({ kind: 'transient', reason: 'connection_lost' });
    expect(sent().filter((request) => request.route === ROUTES.status)).toEqual([]);
  });

  it('a video init without an answer is transient (no bytes, no post); a photo init is unknown', async () => {
    const { credentials } = t.creator();
    t.fake.dropNext(ROUTES.videoInit, { afterAccept: true });
    expect(await failure(t.tiktok().publish(credentials, { text: 'Init', media: [t.clip()] }))).toMatchObject({
      kind: 'transient',
    });
    t.fake.dropNext(ROUTES.photoInit, { afterAccept: true });
    expect(await failure(t.tiktok().publish(credentials, { text: 'Photos', media: [t.photo('e.jpg')] }))).toMatchObject(
      { kind: 'unknown', reason: 'connection_lost' },
    );
  });

  it('a status that cannot be read once the post was sent: unknown, never transient', async () => {
    const { credentials } = t.creator();
    t.fake.failNext(ROUTES.status, { status: 401 });
    const error = await failure(t.tiktok().publish(credentials, { text: 'Unread', media: [t.clip()] }));
    expect(error).toMatchObject({ kind: 'unknown' });
    expect(error.message).toMatch(/^The post was sent to TikTok, but whether TikTok published it could not be read/);
    // A status read failing on TikTok's side is read again.
    t.fake.failNext(ROUTES.status, { status: 500, times: 2 });
    await expect(t.tiktok().publish(credentials, { text: 'Read later', media: [t.clip()] })).resolves.toMatchObject({
      postId: expect.stringMatching(/^v_pub_file~/),
    });
  });
});

describe('deleting a TikTok post', () => {
  it('is refused, saying to delete it in the app, without calling TikTok', async () => {
    const { credentials } = t.creator();
    const sent = t.watch();
    expect(await failure(t.tiktok().deletePost(credentials, '7350000000000000001'))).toMatchObject({
      kind: 'permanent',
      reason: 'rejected',
      message: 'TikTok does not let apps delete posts: delete it in the TikTok app.',
    });
    expect(sent()).toEqual([]);
  });
});
