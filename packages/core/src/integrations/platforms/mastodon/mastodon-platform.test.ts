import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  MASTODON_ROUTES,
  startMastodonApiFake,
  type MastodonApiFake,
  type MastodonFakeAccount,
  type MastodonFakeSettings,
} from '@agentcast/test-fakes/mastodon-api-fake';
import { type PlatformCredentials, type PostMedia } from '../common/platform.ts';
import { createMastodonPlatform } from './mastodon-platform.ts';
import { mastodonTextLength } from '@agentcast/contracts/mastodon-text-length';
import { failure } from '../common/platform-test-kit.ts';

let fake: MastodonApiFake;
let defaults: MastodonFakeSettings;
let account: MastodonFakeAccount;
let credentials: PlatformCredentials;
let host: string;

beforeAll(async () => {
  fake = await startMastodonApiFake();
  defaults = structuredClone(fake.settings);
  host = new URL(fake.baseUrl).host;
});
afterAll(() => fake.close());
beforeEach(() => {
  Object.assign(fake.settings, structuredClone(defaults));
  account = fake.addAccount({ username: `agent${Math.random().toString(36).slice(2, 8)}` });
  credentials = { accessToken: account.token, accountId: account.id, serviceUrl: fake.baseUrl };
});

/** The base URL is only a default: every call must go to the connection's own instance. */
const mastodon = (timeoutMs = 2000) =>
  createMastodonPlatform({ baseUrl: 'http://127.0.0.1:9', timeoutMs, mediaPollIntervalMs: 0 });
const bytesOf = (label: string, length = 64) => Buffer.alloc(length, label);
const image = (label: string, altText?: string): PostMedia => ({
  kind: 'image',
  bytes: bytesOf(label),
  contentType: 'image/png',
  ...(altText && { altText }),
});
const video = (label: string): PostMedia => ({ kind: 'video', bytes: bytesOf(label, 256), contentType: 'video/mp4' });
const ownStatuses = () => fake.statuses.filter((status) => status.accountId === account.id);
const postsOf = () =>
  fake
    .requestsTo(MASTODON_ROUTES.postStatus)
    .filter((request) => request.headers.authorization === `Bearer ${account.token}`);
const lastPost = () => postsOf().at(-1);
const statusUrl = (id: string) => `${fake.baseUrl}/@${account.username}/${id}`;

describe('publishing to Mastodon', () => {
  it('posts the text publicly on the account’s instance with the idempotency key, and a repeat meets the same status', async () => {
    const platform = mastodon();
    const idempotency = { key: 'delivery-1:0', at: new Date() };
    const post = await platform.publish(credentials, { text: 'Hello from Agentcast', idempotency });

    const [status] = ownStatuses();
    expect(post).toEqual({ postId: status?.id, url: statusUrl(status?.id ?? '') });
    const sent = lastPost();
    expect(sent?.json).toEqual({ status: 'Hello from Agentcast', visibility: 'public' });
    expect(sent?.headers['idempotency-key']).toBe('delivery-1:0');
    expect(sent?.headers['content-type']).toBe('application/json');

    // Mastodon keeps the key an hour: the same post again answers the status made the first time.
    expect(await platform.publish(credentials, { text: 'Hello from Agentcast', idempotency })).toEqual(post);
    expect(ownStatuses()).toHaveLength(1);
    // The instance's limits were read once for both posts.
    expect(fake.requestsTo(MASTODON_ROUTES.instance)).toHaveLength(1);
  });

  it('posts a reply with in_reply_to_id', async () => {
    const platform = mastodon();
    const first = await platform.publish(credentials, { text: 'Thread 1/2' });
    const second = await platform.publish(credentials, { text: 'Thread 2/2', replyToPostId: first.postId });

    expect(lastPost()?.json).toEqual({ status: 'Thread 2/2', visibility: 'public', in_reply_to_id: first.postId });
    expect(ownStatuses().map((status) => [status.id, status.inReplyToId])).toEqual([
      [first.postId, null],
      [second.postId, first.postId],
    ]);
  });

  it('refuses a reply to a post the instance no longer has, in words', async () => {
    const error = await failure(mastodon().publish(credentials, { text: 'Reply', replyToPostId: '404040404' }));
    expect(error).toMatchObject({ kind: 'permanent', reason: 'rejected', status: 404 });
    expect(error.message).toBe(
      'Mastodon no longer has the post this one replies to (404): it was deleted, or this account can no longer see it.',
    );
  });

  it('uploads an image with its alt text as the description, then attaches it', async () => {
    const medium = image('meme', 'A cat at a keyboard');
    const post = await mastodon().publish(credentials, { text: 'With an image', media: [medium] });

    const [upload] = fake.requestsTo(MASTODON_ROUTES.uploadMedia).slice(-1);
    expect(upload?.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(upload?.parts?.map((part) => [part.name, part.filename, part.contentType, part.value])).toEqual([
      ['file', 'image-1.png', 'image/png', undefined],
      ['description', undefined, undefined, 'A cat at a keyboard'],
    ]);
    expect(upload?.parts?.[0]?.bytes?.equals(medium.bytes)).toBe(true);
    const [status] = ownStatuses();
    expect(lastPost()?.json).toEqual({
      status: 'With an image',
      visibility: 'public',
      media_ids: [status?.media[0]?.id],
    });
    expect(status?.media.map(({ kind, description }) => ({ kind, description }))).toEqual([
      { kind: 'image', description: 'A cat at a keyboard' },
    ]);
    expect(post.notes).toBeUndefined();
  });

  it('waits for a video to be processed (202, then 206 until ready) before attaching it', async () => {
    fake.settings.videoProcessingPolls = 2;
    const before = fake.requests.length;
    await mastodon().publish(credentials, { text: 'With a video', media: [video('clip')] });

    const order = fake.requests.slice(before).map((request) => request.route);
    expect(order).toEqual([
      MASTODON_ROUTES.instance,
      MASTODON_ROUTES.uploadMedia,
      MASTODON_ROUTES.media,
      MASTODON_ROUTES.media,
      MASTODON_ROUTES.media,
      MASTODON_ROUTES.postStatus,
    ]);
    const [status] = ownStatuses();
    expect(status?.media.map((medium) => [medium.kind, medium.filename])).toEqual([['video', 'video-1.mp4']]);
  });

  it('leaves out what the instance cannot take, says so, and still posts the text', async () => {
    fake.settings.failVideoProcessing = true;
    fake.failNext(MASTODON_ROUTES.uploadMedia, {
      status: 422,
      body: { error: 'Validation failed: File content type is invalid, File is invalid' },
    });
    const heic: PostMedia = { kind: 'image', bytes: bytesOf('heic'), contentType: 'image/heic' };
    const media = [image('refused'), heic, video('broken'), image('a'), image('b'), image('c'), image('d')];
    const post = await mastodon().publish(credentials, { text: 'Partly', media });

    expect(post.notes).toEqual([
      `Mastodon (${host}) does not take image/heic files: the image was left out.`,
      `Mastodon (${host}) carries up to 4 images and videos per post: 2 were left out.`,
      `Mastodon (${host}) refused the image (422: Validation failed: File content type is invalid, File is invalid): it was left out.`,
      `Mastodon (${host}) could not process the video (Error processing thumbnail for uploaded media): it was left out.`,
    ]);
    const [status] = ownStatuses();
    expect(status?.text).toBe('Partly');
    expect(status?.media.map((medium) => medium.bytes.equals(bytesOf('a')))).toEqual([true, false]);
    expect(status?.media[1]?.bytes.equals(bytesOf('b'))).toBe(true);
  });

  it('refuses a text longer than the instance takes, counting each link as 23, before uploading or posting', async () => {
    fake.settings.maxCharacters = 60;
    const link = `https://example.com/${'a'.repeat(100)}`;
    const tooLong = `${'x'.repeat(40)} ${link}`;
    const before = fake.requests.length;
    const error = await failure(mastodon().publish(credentials, { text: tooLong, media: [image('never')] }));

    expect(error).toMatchObject({ kind: 'permanent', reason: 'rejected' });
    expect(error.message).toBe(
      `The text is 64 characters as Mastodon counts them (each link as 23); ${host} takes at most 60.`,
    );
    expect(fake.requests.slice(before).map((request) => request.route)).toEqual([MASTODON_ROUTES.instance]);

    // The same link fits after a shorter text: 30 + 1 + 23 = 54.
    await mastodon().publish(credentials, { text: `${'x'.repeat(30)} ${link}` });
    expect(ownStatuses()).toHaveLength(1);
  });

  it('counts text as Mastodon does: links as reserved, remote mentions by their @user, graphemes as one', () => {
    expect(mastodonTextLength(`Read https://example.com/${'a'.repeat(80)}.`, 23)).toBe(5 + 23 + 1);
    expect(mastodonTextLength('Hi @alice@mastodon.social and @bob', 23)).toBe('Hi @alice and @bob'.length);
    expect(mastodonTextLength('👍🏽 ok', 23)).toBe(4);
    expect(mastodonTextLength('http://x.io', 30)).toBe(30);
  });
});

describe('Mastodon’s refusals and failures', () => {
  it('asks to reconnect when the token is refused (401)', async () => {
    const error = await failure(mastodon().publish({ ...credentials, accessToken: 'revoked' }, { text: 'Hello' }));
    expect(error).toMatchObject({ kind: 'permanent', reason: 'reconnect_required', status: 401 });
    expect(error.message).toContain(`Mastodon (${host}) refused the connection’s token`);
    expect(error.message).toContain('Connect Mastodon again');
  });

  it('rejects with Mastodon’s own words on a 422', async () => {
    fake.failNext(MASTODON_ROUTES.postStatus, { status: 422 });
    const error = await failure(mastodon().publish(credentials, { text: 'Hello' }));
    expect(error).toMatchObject({ kind: 'permanent', reason: 'rejected', status: 422 });
    expect(error.message).toBe(
      'Mastodon rejected the post (422: Validation failed: Text character limit of 500 exceeded).',
    );
  });

  it('is transient when rate-limited, until X-RateLimit-Reset', async () => {
    const from = Date.now();
    fake.failNext(MASTODON_ROUTES.postStatus, { status: 429, retryAfterSeconds: 120 });
    const error = await failure(mastodon().publish(credentials, { text: 'Hello' }));
    expect(error).toMatchObject({ kind: 'transient', reason: 'rate_limited', status: 429 });
    expect(error.retryAt?.getTime()).toBeGreaterThanOrEqual(from + 120_000);
    expect(error.retryAt?.getTime()).toBeLessThanOrEqual(Date.now() + 120_000);
    expect(error.message).toMatch(/^Mastodon is rate-limiting this account until \d{4}-\d\d-\d\dT[\d:]+Z \(429\)\.$/);
  });

  it('is transient when the instance fails on its side (500)', async () => {
    fake.failNext(MASTODON_ROUTES.postStatus, { status: 500 });
    const error = await failure(mastodon().publish(credentials, { text: 'Hello' }));
    expect(error).toMatchObject({ kind: 'transient', reason: 'platform_unavailable', status: 500 });
    expect(ownStatuses()).toHaveLength(0);
  });

  it('is transient when the instance cannot be reached: nothing was sent', async () => {
    const error = await failure(
      mastodon().publish({ ...credentials, serviceUrl: 'http://127.0.0.1:9' }, { text: 'Hi' }),
    );
    expect(error).toMatchObject({ kind: 'transient', reason: 'unreachable' });
  });

  it('is unknown when the post’s answer is lost, and findRecentPost then finds the status', async () => {
    const since = new Date();
    const text = 'Launch day & more:\nhttps://example.com/launch?a=1&b=2 thanks @alice@example.social <3';
    fake.dropNextStatus();
    const error = await failure(mastodon().publish(credentials, { text, idempotency: { key: 'd2:0', at: since } }));
    expect(error).toMatchObject({ kind: 'unknown', reason: 'connection_lost' });

    const [status] = ownStatuses();
    expect(status?.content).toContain('<br />');
    const found = await mastodon().findRecentPost?.(credentials, { text, since });
    expect(found).toEqual({ postId: status?.id, url: statusUrl(status?.id ?? '') });
    expect(fake.requestsTo(MASTODON_ROUTES.accountStatuses).at(-1)?.query).toEqual({
      exclude_reblogs: 'true',
      limit: '40',
    });
    expect(await mastodon().findRecentPost?.(credentials, { text: 'Another text', since })).toBeNull();
    const later = new Date(Date.now() + 5 * 60_000);
    expect(await mastodon().findRecentPost?.(credentials, { text, since: later })).toBeNull();
  });

  it('is unknown when the post’s answer does not come in time', async () => {
    fake.hangNext(MASTODON_ROUTES.postStatus, { afterAccept: true });
    const platform = mastodon(300);
    const error = await failure(platform.publish(credentials, { text: 'Slow' }));
    expect(error).toMatchObject({ kind: 'unknown', reason: 'timeout' });
  });
});

describe('deleting a Mastodon post', () => {
  it('deletes the status, and a status already gone counts as deleted', async () => {
    const platform = mastodon();
    const post = await platform.publish(credentials, { text: 'To take back' });
    await platform.deletePost(credentials, post.postId);
    expect(ownStatuses()).toHaveLength(0);
    expect(fake.requestsTo(MASTODON_ROUTES.deleteStatus).at(-1)?.path).toBe(`/api/v1/statuses/${post.postId}`);

    await platform.deletePost(credentials, post.postId);
    expect(fake.requestsTo(MASTODON_ROUTES.deleteStatus).at(-1)?.path).toBe(`/api/v1/statuses/${post.postId}`);
  });

  it('refuses an id that is not a Mastodon post’s, without a request', async () => {
    const before = fake.requests.length;
    const error = await failure(mastodon().deletePost(credentials, '../accounts/1'));
    expect(error).toMatchObject({ kind: 'permanent', reason: 'rejected' });
    expect(fake.requests.length).toBe(before);
  });
});
