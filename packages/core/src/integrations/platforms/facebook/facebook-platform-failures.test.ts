import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFacebookApiFake, type FacebookApiFake } from '@agentcast/test-fakes/facebook-api-fake';
import { connectPage, facebookAgainst, image, ROUTES, video } from './facebook-test-kit.ts';
import type { PlatformCredentials } from '../common/platform.ts';
import { failure } from '../common/platform-test-kit.ts';

let fake: FacebookApiFake;
let credentials: PlatformCredentials;

beforeAll(async () => {
  fake = await startFacebookApiFake();
});
afterAll(() => fake.close());
beforeEach(() => {
  credentials = connectPage(fake).credentials;
  Object.assign(fake.settings, { videoPolls: 0, videoOutcome: 'ready', refuseDuplicates: false });
});

const facebook = (timeoutMs = 2000) => facebookAgainst(fake, { timeoutMs });
const graphBody = (error: Record<string, unknown>) => ({
  error: { type: 'OAuthException', fbtrace_id: 'AbC', ...error },
});
const postsOf = (pageId: string) => fake.posts.filter((post) => post.pageId === pageId);

describe('reconciling a lost answer', () => {
  it('the post went out and the connection dropped: unknown, and findRecentPost finds it', async () => {
    const since = new Date();
    const text = 'Launch day — https://example.com/launch';
    fake.dropNext(ROUTES.feed, { afterAccept: true });
    expect(await failure(facebook().publish(credentials, { text }))).toMatchObject({
      kind: 'unknown',
      reason: 'connection_lost',
    });

    const [stored] = postsOf(credentials.accountId);
    expect(await facebook().findRecentPost!(credentials, { text, since })).toEqual({
      postId: stored?.id,
      url: stored?.permalink_url,
    });
    expect(fake.requestsTo(ROUTES.posts).at(-1)?.url).toBe(
      `/v27.0/${credentials.accountId}/posts?fields=id%2Cmessage%2Cpermalink_url%2Ccreated_time&limit=25`,
    );
    await expect(facebook().findRecentPost!(credentials, { text: 'Never posted', since })).resolves.toBeNull();
    await expect(
      facebook().findRecentPost!(credentials, { text, since: new Date(Date.now() + 5 * 60_000) }),
    ).resolves.toBeNull();
  });

  it('no answer within the timeout, or a failure on Facebook’s side: unknown, never sent again', async () => {
    fake.hangNext(ROUTES.feed);
    expect(await failure(facebook(300).publish(credentials, { text: 'Waiting' }))).toMatchObject({
      kind: 'unknown',
      reason: 'timeout',
      message: 'Facebook did not answer within 0.3 s after the post was sent: it may have been published.',
    });
    // An unpublished photo shows nowhere: failing to upload one is transient.
    fake.failNext(ROUTES.photos, { status: 500 });
    expect(await failure(facebook().publish(credentials, { text: 'Two', media: [image(), image()] }))).toMatchObject({
      kind: 'transient',
      reason: 'platform_unavailable',
    });
    fake.failNext(ROUTES.videos, { status: 500 });
    expect(await failure(facebook().publish(credentials, { text: 'Broken', media: [video()] }))).toMatchObject({
      kind: 'unknown',
      reason: 'platform_unavailable',
      status: 500,
    });
  });
});

describe('Facebook failures, classified for the delivery state machine', () => {
  it('a token that is not the Page’s (190) asks to reconnect', async () => {
    const other = connectPage(fake).credentials;
    const error = await failure(facebook().publish({ ...credentials, accessToken: other.accessToken }, { text: 'Hi' }));
    expect(error).toMatchObject({ kind: 'permanent', reason: 'reconnect_required' });
    expect(error.message).toMatch(/Reconnect the Facebook account/);
  });

  it('Page throttling (80001): transient, until the time the usage header gives', async () => {
    fake.failNext(ROUTES.feed, { status: 429, retryAfterSeconds: 600 });
    const expected = Date.now() + 600_000;
    const error = await failure(facebook().publish(credentials, { text: 'Too fast' }));
    expect(error).toMatchObject({ kind: 'transient', reason: 'rate_limited' });
    expect(Math.abs((error.retryAt?.getTime() ?? 0) - expected)).toBeLessThan(2000);
    expect(error.message).toMatch(/^Facebook is rate-limiting this Page until \S+Z \(code 80001: /);
    fake.failNext(ROUTES.feed, {
      status: 400,
      body: graphBody({ message: '(#4) Application request limit reached', code: 4 }),
    });
    expect(await failure(facebook().publish(credentials, { text: 'Again' }))).toMatchObject({ reason: 'rate_limited' });
    expect(postsOf(credentials.accountId)).toEqual([]);
  });

  it('a missing permission is permanent and names it; a block for abuse is permanent', async () => {
    fake.failNext(ROUTES.feed, {
      status: 403,
      body: graphBody({ message: '(#200) Requires pages_manage_posts permission to manage the object', code: 200 }),
    });
    const forbidden = await failure(facebook().publish(credentials, { text: 'Not allowed' }));
    expect(forbidden).toMatchObject({ kind: 'permanent', reason: 'forbidden' });
    expect(forbidden.message).toMatch(/without the pages_manage_posts permission .*Reconnect Facebook/);
    fake.failNext(ROUTES.feed, {
      status: 400,
      body: graphBody({
        message: 'The action attempted has been deemed abusive or is otherwise disallowed',
        code: 368,
      }),
    });
    expect(await failure(facebook().publish(credentials, { text: 'Blocked' }))).toMatchObject({
      kind: 'permanent',
      reason: 'rejected',
    });
  });

  it('Facebook refusing a repeated text is a permanent duplicate', async () => {
    fake.settings.refuseDuplicates = true;
    await facebook().publish(credentials, { text: 'Same words' });
    expect(await failure(facebook().publish(credentials, { text: 'Same words' }))).toMatchObject({
      kind: 'permanent',
      reason: 'duplicate',
    });
  });

  it('a video Facebook cannot process: permanent, and nothing is published', async () => {
    Object.assign(fake.settings, { videoPolls: 1, videoOutcome: 'error' });
    expect(await failure(facebook().publish(credentials, { text: 'Bad video', media: [video()] }))).toMatchObject({
      kind: 'permanent',
      reason: 'media_failed',
      message: 'Facebook could not process the video: nothing was published.',
    });
    expect(postsOf(credentials.accountId)).toEqual([]);
  });
});

describe('deleting from a Facebook Page', () => {
  it('deletes a post or a comment; one already gone resolves; another Page’s is not touched', async () => {
    const post = await facebook().publish(credentials, { text: 'Taking this back' });
    const comment = fake.addComment({ on: post.postId, message: 'Nice' });
    await facebook().deletePost(credentials, comment.id);
    expect(fake.comments.some((item) => item.id === comment.id)).toBe(false);
    await facebook().deletePost(credentials, post.postId);
    expect(postsOf(credentials.accountId)).toEqual([]);
    expect(fake.requestsTo(ROUTES.remove).at(-1)?.url).toBe(`/v27.0/${post.postId}`);
    await expect(facebook().deletePost(credentials, post.postId)).resolves.toBeUndefined();

    const other = connectPage(fake).credentials;
    const theirs = await facebook().publish(other, { text: 'Not yours' });
    await expect(facebook().deletePost(credentials, theirs.postId)).resolves.toBeUndefined();
    expect(postsOf(other.accountId).map((item) => item.id)).toEqual([theirs.postId]);
  });

  it('refuses an id that is not a Facebook post or comment, without calling Facebook', async () => {
    const before = fake.requests.length;
    expect(await failure(facebook().deletePost(credentials, 'urn:li:share:1'))).toMatchObject({
      kind: 'permanent',
      reason: 'rejected',
      message: '"urn:li:share:1" is not a Facebook post or comment id, so there is nothing to delete.',
    });
    expect(fake.requests.length).toBe(before);
  });
});
