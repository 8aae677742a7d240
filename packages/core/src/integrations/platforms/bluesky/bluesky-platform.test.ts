import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startBlueskyApiFake, type BlueskyAccount, type BlueskyApiFake } from '@agentcast/test-fakes/bluesky-api-fake';
import { type PlatformCredentials, type PostMedia } from '../common/platform.ts';
import { createBlueskyPlatform } from './bluesky-platform.ts';
import { BLUESKY_SESSION_ENDED, createBlueskySession, refreshBlueskySession } from './bluesky-session.ts';
import { failure } from '../common/platform-test-kit.ts';

let fake: BlueskyApiFake;
let account: BlueskyAccount;
let credentials: PlatformCredentials;
let png: Buffer;

const CREATE = 'POST /xrpc/com.atproto.repo.createRecord';

beforeAll(async () => {
  fake = await startBlueskyApiFake();
  png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#1185fe' } })
    .png()
    .toBuffer();
});
afterAll(() => fake.close());
beforeEach(async () => {
  account = fake.addAccount();
  const session = await createBlueskySession({
    serviceUrl: fake.baseUrl,
    identifier: account.handle,
    password: account.appPassword,
    timeoutMs: 2000,
  });
  credentials = { accessToken: session.accessJwt, accountId: session.did, serviceUrl: session.serviceUrl };
});

const bluesky = () => createBlueskyPlatform({ baseUrl: 'http://127.0.0.1:9', timeoutMs: 2000 });
const image = (altText = 'A blue card'): PostMedia => ({
  kind: 'image',
  bytes: png,
  contentType: 'image/png',
  altText,
});
const lastRecord = () => fake.posts.at(-1)?.value as Record<string, unknown>;

describe('publishing to Bluesky', () => {
  it('creates a post record on the account’s own server, with link, hashtag and mention facets, and links to it', async () => {
    const friend = fake.addAccount({ handle: 'friend.bsky.social' });
    const text =
      'Agents that write 🚀 with @friend.bsky.social and @nobody.example.com — see https://example.com/a #AI';
    const post = await bluesky().publish(credentials, { text });

    expect(post.postId).toMatch(new RegExp(`^at://${account.did}/app\\.bsky\\.feed\\.post/[2-7a-z]{13}$`));
    expect(post.url).toBe(`https://bsky.app/profile/${account.did}/post/${post.postId.split('/').at(-1)}`);
    const record = lastRecord();
    expect(record.text).toBe(text);
    const features = (record.facets as { index: { byteStart: number; byteEnd: number }; features: object[] }[]).map(
      (facet) => ({
        slice: Buffer.from(text).subarray(facet.index.byteStart, facet.index.byteEnd).toString(),
        feature: facet.features[0],
      }),
    );
    // Byte offsets, not character ones (the emoji and the dash are several bytes); the handle that does not resolve
    // stays plain text.
    expect(features).toEqual([
      { slice: '@friend.bsky.social', feature: { $type: 'app.bsky.richtext.facet#mention', did: friend.did } },
      {
        slice: 'https://example.com/a',
        feature: { $type: 'app.bsky.richtext.facet#link', uri: 'https://example.com/a' },
      },
      { slice: '#AI', feature: { $type: 'app.bsky.richtext.facet#tag', tag: 'AI' } },
    ]);
    expect(fake.requestsTo(CREATE)[0]?.headers.authorization).toBe(`Bearer ${credentials.accessToken}`);
  });

  it('uploads images as blobs with their alt text, and says what it left out', async () => {
    const post = await bluesky().publish(credentials, {
      text: 'Four at most',
      media: [image('one'), image('two'), image('three'), image('four'), image('five')],
    });
    const embed = lastRecord().embed as { $type: string; images: { alt: string; image: { ref: { $link: string } } }[] };
    expect(embed.$type).toBe('app.bsky.embed.images');
    expect(embed.images.map((entry) => entry.alt)).toEqual(['one', 'two', 'three', 'four']);
    expect(fake.blobs.get(embed.images[0]?.image.ref.$link ?? '')?.bytes.equals(png)).toBe(true);
    expect(post.notes).toEqual(['Bluesky carries up to four images per post: 1 were left out.']);
  });

  it('sends a video as the post’s one video, with its alt text, over the images, and says so', async () => {
    const mp4 = Buffer.from('a small mp4');
    const video: PostMedia = { kind: 'video', bytes: mp4, contentType: 'video/mp4', altText: 'A chart that grows' };
    const post = await bluesky().publish(credentials, { text: 'Watch', media: [image('one'), video] });
    const embed = lastRecord().embed as { $type: string; alt: string; video: { ref: { $link: string } } };
    expect(embed.$type).toBe('app.bsky.embed.video');
    expect(embed.alt).toBe('A chart that grows');
    expect(fake.blobs.get(embed.video.ref.$link)).toEqual({ bytes: mp4, mimeType: 'video/mp4' });
    expect(post.notes).toEqual([
      'Bluesky carries one video or up to four images per post: the video went, 1 image(s) did not.',
    ]);

    const webm: PostMedia = { kind: 'video', bytes: mp4, contentType: 'video/webm' };
    const withImage = await bluesky().publish(credentials, { text: 'Not this one', media: [webm, image('kept')] });
    expect((lastRecord().embed as { $type: string }).$type).toBe('app.bsky.embed.images');
    expect(withImage.notes).toEqual(['Bluesky does not take video/webm videos; the video was left out.']);
  });

  it('posts a thread as replies that name the thread’s first post and the one before', async () => {
    const platform = bluesky();
    const first = await platform.publish(credentials, { text: 'Part one' });
    const second = await platform.publish(credentials, { text: 'Part two', replyToPostId: first.postId });
    await platform.publish(credentials, { text: 'Part three', replyToPostId: second.postId });
    const [one, two, three] = fake.posts.slice(-3);
    expect(two?.value.reply).toEqual({
      root: { uri: one?.uri, cid: one?.cid },
      parent: { uri: one?.uri, cid: one?.cid },
    });
    expect(three?.value.reply).toEqual({
      root: { uri: one?.uri, cid: one?.cid },
      parent: { uri: two?.uri, cid: two?.cid },
    });
  });

  it('creates the post at a key chosen before the call: a repeat whose first answer was lost meets its own post', async () => {
    const platform = bluesky();
    const idempotency = { key: 'delivery-1:0', at: new Date('2026-11-28T10:00:00Z') };
    fake.dropNext(CREATE, { afterAccept: true });
    const lost = await failure(platform.publish(credentials, { text: 'Only once', idempotency }));
    expect(lost.kind).toBe('unknown');
    expect(fake.posts.filter((post) => post.value.text === 'Only once')).toHaveLength(1);

    const again = await failure(platform.publish(credentials, { text: 'Only once', idempotency }));
    expect(again.reason).toBe('duplicate');
    expect(again.existingPost?.postId).toBe(fake.posts.find((post) => post.value.text === 'Only once')?.uri);
    expect(fake.posts.filter((post) => post.value.text === 'Only once')).toHaveLength(1);
    // Another part of the same delivery gets another key.
    await platform.publish(credentials, { text: 'Part two', idempotency: { ...idempotency, key: 'delivery-1:1' } });
  });

  it('finds the account’s own recent post by its text, for a lost answer without a key', async () => {
    const since = new Date();
    const post = await bluesky().publish(credentials, { text: 'Find me https://example.com/x' });
    await expect(
      bluesky().findRecentPost!(credentials, { text: 'Find me https://example.com/x', since }),
    ).resolves.toEqual({ postId: post.postId, url: post.url });
    await expect(bluesky().findRecentPost!(credentials, { text: 'Not posted', since })).resolves.toBeNull();
  });

  it('explains refusals: a revoked session, a rate limit with its reset, a text too long, a server down', async () => {
    const revoked = await failure(
      bluesky().publish({ ...credentials, accessToken: 'not-a-session' }, { text: 'Hello' }),
    );
    expect(revoked).toMatchObject({ kind: 'permanent', reason: 'reconnect_required' });
    expect(revoked.message).toContain('Reconnect the Bluesky account');

    fake.failNext(CREATE, { status: 429, retryAfterSeconds: 600 });
    const limited = await failure(bluesky().publish(credentials, { text: 'Hello' }));
    expect(limited).toMatchObject({ kind: 'transient', reason: 'rate_limited' });
    expect(limited.retryAt!.getTime()).toBeGreaterThan(Date.now() + 590_000);

    const long = await failure(bluesky().publish(credentials, { text: 'é'.repeat(301) }));
    expect(long).toMatchObject({ kind: 'permanent', reason: 'rejected', status: 400 });
    expect(long.message).toContain('300 graphemes');

    fake.failNext(CREATE, { status: 502 });
    await expect(failure(bluesky().publish(credentials, { text: 'Hello' }))).resolves.toMatchObject({
      kind: 'transient',
      reason: 'platform_unavailable',
    });
  });
});

describe('taking posts back and reading how they did', () => {
  it('deletes the account’s post, again without error, and refuses another account’s', async () => {
    const post = await bluesky().publish(credentials, { text: 'Delete me' });
    await bluesky().deletePost(credentials, post.postId);
    expect(fake.posts.some((stored) => stored.uri === post.postId)).toBe(false);
    await bluesky().deletePost(credentials, post.postId);

    const other = await failure(
      bluesky().deletePost(credentials, post.postId.replace(account.did, 'did:plc:someoneelse0000000000000')),
    );
    expect(other).toMatchObject({ kind: 'permanent', reason: 'forbidden' });
    await expect(failure(bluesky().deletePost(credentials, '12345'))).resolves.toMatchObject({ reason: 'rejected' });
  });

  it('reads likes, reposts, replies and quotes; a deleted post is absent', async () => {
    const kept = await bluesky().publish(credentials, { text: 'Measured' });
    const gone = await bluesky().publish(credentials, { text: 'Gone' });
    fake.setCounts(kept.postId, { likeCount: 7, repostCount: 2, replyCount: 1, quoteCount: 3 });
    await bluesky().deletePost(credentials, gone.postId);
    const metrics = await bluesky().readMetrics!(credentials, [kept.postId, gone.postId]);
    expect([...metrics]).toEqual([[kept.postId, { likes: 7, reposts: 2, replies: 1, quotes: 3 }]]);
  });
});

describe('signing in', () => {
  it('says in words what to do when the handle or app password is wrong', async () => {
    const refused = await failure(
      createBlueskySession({
        serviceUrl: fake.baseUrl,
        identifier: account.handle,
        password: 'wrong-pass-word-here',
        timeoutMs: 2000,
      }),
    );
    expect(refused.message).toBe(
      'Bluesky did not accept this handle and app password. Check both, or make a new app password (Settings → Privacy and security → App passwords).',
    );
  });

  it('renews a session with its refresh token, which is then spent; the renewed session posts', async () => {
    fake.settings.accessLifetimeSeconds = 60;
    const session = await createBlueskySession({
      serviceUrl: fake.baseUrl,
      identifier: account.handle,
      password: account.appPassword,
      timeoutMs: 2000,
    });
    fake.settings.accessLifetimeSeconds = 7200;
    expect(session.expiresAt!.getTime()).toBeLessThanOrEqual(Date.now() + 60_000);
    const renewed = await refreshBlueskySession({
      serviceUrl: fake.baseUrl,
      refreshJwt: session.refreshJwt,
      timeoutMs: 2000,
    });
    expect(renewed).toMatchObject({ did: account.did, handle: account.handle, serviceUrl: fake.baseUrl });
    expect(renewed.expiresAt!.getTime()).toBeGreaterThan(Date.now() + 7_000_000);
    await bluesky().publish(
      { accessToken: renewed.accessJwt, accountId: renewed.did, serviceUrl: renewed.serviceUrl },
      { text: 'Renewed' },
    );

    const spent = await failure(
      refreshBlueskySession({ serviceUrl: fake.baseUrl, refreshJwt: session.refreshJwt, timeoutMs: 2000 }),
    );
    expect(spent).toMatchObject({ kind: 'permanent', reason: 'reconnect_required' });
    expect(spent.message).toBe(BLUESKY_SESSION_ENDED);
  });
});
