import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startInstagramApiFake, type InstagramApiFake } from '@agentcast/test-fakes/instagram-api-fake';
import { createInstagramPlatform } from './instagram-platform.ts';
import { startTestMediaServer, type TestMediaServer } from './instagram-test-media.ts';
import { type PlatformCredentials } from '../common/platform.ts';
import type { RecordedRequest } from '@agentcast/test-fakes/platform-fake-kit';
import { failure } from '../common/platform-test-kit.ts';

let fake: InstagramApiFake;
let files: TestMediaServer;
let credentials: PlatformCredentials;
let token: string;

beforeAll(async () => {
  [fake, files] = await Promise.all([startInstagramApiFake(), startTestMediaServer()]);
});
afterAll(() => Promise.all([fake.close(), files.close()]));
beforeEach(() => {
  const account = fake.addAccount();
  token = account.token;
  credentials = { accessToken: account.token, accountId: account.id };
  Object.assign(fake.settings, { containerPolls: 0, containerOutcome: 'FINISHED', quotaTotal: 50 });
  Object.assign(fake.settings, { hideMentionSigns: true, unreadableMediaReads: 0 });
});

const instagram = (options: Partial<Parameters<typeof createInstagramPlatform>[0]> = {}) =>
  createInstagramPlatform({ baseUrl: fake.baseUrl, timeoutMs: 2000, containerPollIntervalMs: 10, ...options });
const formOf = (request: RecordedRequest | undefined) =>
  Object.fromEntries(new URLSearchParams(request?.body.toString('utf8') ?? ''));
const LIMIT = 'GET /v23.0/:account/content_publishing_limit';
const CREATE = 'POST /v23.0/:account/media';
const NODE = 'GET /v23.0/:node';
const PUBLISH = 'POST /v23.0/:account/media_publish';

describe('the Instagram adapter', () => {
  it('says what Instagram takes: an image or a video, JPEG images, vertical video, no replies', () => {
    expect(instagram()).toMatchObject({
      id: 'instagram',
      name: 'Instagram',
      maxTextLength: 2200,
      supportsReplies: false,
      requiresMedia: 'image-or-video',
      mediaRenditions: { image: 'jpeg', video: 'vertical' },
    });
  });
});

describe('publishing to Instagram', () => {
  it('reads the limit, makes an image container, waits for it, publishes it and returns the post and its link', async () => {
    fake.settings.containerPolls = 1;
    const before = fake.requests.length;
    const post = await instagram().publish(credentials, { text: 'Ship it #today', media: [files.graphic()] });

    const sent = fake.requests.slice(before);
    expect(sent.map((request) => request.route)).toEqual([LIMIT, CREATE, NODE, NODE, PUBLISH, NODE]);
    const [limit, create, firstStatus, , publish, permalink] = sent;
    const container = fake.containers.at(-1);
    const stored = fake.media.at(-1);
    expect(limit?.url).toBe(`/v23.0/${credentials.accountId}/content_publishing_limit?fields=quota_usage%2Cconfig`);
    expect(create?.url).toBe(`/v23.0/${credentials.accountId}/media`);
    expect(create?.headers['content-type']).toMatch(/^application\/x-www-form-urlencoded/);
    expect(formOf(create)).toEqual({
      image_url: `${files.baseUrl}/media/graphic.jpg`,
      caption: 'Ship it #today',
      alt_text: 'The key line on a card',
    });
    expect(firstStatus?.url).toBe(`/v23.0/${container?.id}?fields=status_code%2Cstatus`);
    expect(publish?.url).toBe(`/v23.0/${credentials.accountId}/media_publish`);
    expect(formOf(publish)).toEqual({ creation_id: container?.id });
    expect(permalink?.url).toBe(`/v23.0/${stored?.id}?fields=permalink`);
    for (const request of sent) {
      expect(request.headers.authorization).toBe(`Bearer ${token}`);
      expect(request.url).not.toContain(token);
      expect(request.body.toString('utf8')).not.toContain(token);
    }

    // Instagram downloaded the image itself, from the public URL.
    expect(container?.downloads).toEqual([
      { url: `${files.baseUrl}/media/graphic.jpg`, contentType: 'image/jpeg', bytes: files.jpeg },
    ]);
    expect(stored).toMatchObject({ caption: 'Ship it #today', media_type: 'IMAGE', containerId: container?.id });
    expect(stored?.permalink).toMatch(/^https:\/\/www\.instagram\.com\/p\/[\w-]+\/$/);
    expect(post).toEqual({ postId: stored?.id, url: stored?.permalink });
  });

  it('publishes the video as a Reel shared to the feed, with its cover, after processing, and notes the images left out', async () => {
    fake.settings.containerPolls = 2;
    const before = fake.requests.length;
    const post = await instagram().publish(credentials, {
      text: 'Watch this',
      media: [files.graphic(), files.graphic({ altText: undefined }), files.reel()],
    });

    expect(fake.requests.slice(before).map((request) => request.route)).toEqual([
      LIMIT,
      CREATE,
      NODE,
      NODE,
      NODE,
      PUBLISH,
      NODE,
    ]);
    expect(formOf(fake.requestsTo(CREATE).at(-1))).toEqual({
      media_type: 'REELS',
      video_url: `${files.baseUrl}/media/clip.mp4`,
      caption: 'Watch this',
      share_to_feed: 'true',
      cover_url: `${files.baseUrl}/media/clip-poster.jpg`,
    });
    expect(fake.containers.at(-1)?.downloads).toEqual([
      { url: `${files.baseUrl}/media/clip.mp4`, contentType: 'video/mp4', bytes: files.video },
      { url: `${files.baseUrl}/media/clip-poster.jpg`, contentType: 'image/jpeg', bytes: files.poster },
    ]);
    const stored = fake.media.at(-1);
    expect(stored).toMatchObject({ media_type: 'VIDEO', media_product_type: 'REELS' });
    expect(post).toEqual({
      postId: stored?.id,
      url: stored?.permalink,
      notes: ['Instagram posts carry one image or one video here: 2 images were left out.'],
    });
  });

  it('sends no cover for a video without a poster frame', async () => {
    const post = await instagram().publish(credentials, {
      text: 'No poster',
      media: [files.graphic(), files.reel({ posterUrl: undefined })],
    });
    expect(formOf(fake.requestsTo(CREATE).at(-1))).toEqual({
      media_type: 'REELS',
      video_url: `${files.baseUrl}/media/clip.mp4`,
      caption: 'No poster',
      share_to_feed: 'true',
    });
    expect(post.notes).toEqual(['Instagram posts carry one image or one video here: an image was left out.']);
  });

  it('takes the JPEG when a PNG comes first and a video has no public address, saying why each was left out', async () => {
    const post = await instagram().publish(credentials, {
      text: 'Three media, one sendable',
      media: [files.pngMeme(), files.graphic(), files.reel({ publicUrl: undefined })],
    });
    expect(formOf(fake.requestsTo(CREATE).at(-1)).image_url).toBe(`${files.baseUrl}/media/graphic.jpg`);
    expect(post.notes).toEqual([
      'The image is image/png, and Instagram takes JPEG images only: it was left out.',
      'The video has no public address for Instagram to fetch it from: it was left out.',
    ]);
  });

  it('refuses a post with nothing Instagram can take, without calling Instagram', async () => {
    const before = fake.requests.length;
    const textOnly = await failure(instagram().publish(credentials, { text: 'Just words' }));
    expect(textOnly).toMatchObject({
      kind: 'permanent',
      reason: 'rejected',
      message: 'Instagram posts need an image or a video, and this post has neither.',
    });
    const unsendable = await failure(
      instagram().publish(credentials, {
        text: 'Nothing sendable',
        media: [files.pngMeme(), files.reel({ publicUrl: undefined })],
      }),
    );
    expect(unsendable).toMatchObject({ kind: 'permanent', reason: 'rejected' });
    expect(unsendable.message).toBe(
      'Instagram posts need a JPEG image or a video at a public address, and this post has none: the image is image/png, and Instagram takes JPEG images only; the video has no public address for Instagram to fetch it from. Set PUBLIC_URL to the address this server is reached at from the internet, or keep media in a public S3 bucket (S3_PUBLIC_URL).',
    );
    expect(fake.requests.length).toBe(before);
  });

  it('refuses replies without calling Instagram', async () => {
    const before = fake.requests.length;
    const error = await failure(
      instagram().publish(credentials, {
        text: 'A reply',
        media: [files.graphic()],
        replyToPostId: '18000000000000001',
      }),
    );
    expect(error).toMatchObject({ kind: 'permanent', message: 'Instagram posts cannot be published as replies.' });
    expect(fake.requests.length).toBe(before);
  });

  it('keeps the post when its link cannot be read: instagram.com and a note, never a failure', async () => {
    fake.settings.unreadableMediaReads = 1;
    const post = await instagram().publish(credentials, { text: 'Published, link unknown', media: [files.graphic()] });
    const stored = fake.media.at(-1);
    expect(stored?.caption).toBe('Published, link unknown');
    expect(post.postId).toBe(stored?.id);
    expect(post.url).toBe('https://www.instagram.com/');
    expect(post.notes).toHaveLength(1);
    expect(post.notes?.[0]).toMatch(
      /^The post is published, but its link could not be read \(Instagram rejected the request for the post's link \(400: Unsupported get request\..*\): find it on the account's profile\.$/,
    );
  });
});

describe("Instagram's posts-per-day limit", () => {
  it('skips a post once the account has published its quota: no container is made', async () => {
    fake.settings.quotaTotal = 2;
    await instagram().publish(credentials, { text: 'First', media: [files.graphic()] });
    await instagram().publish(credentials, { text: 'Second', media: [files.graphic()] });
    const containers = fake.containers.length;
    const before = fake.requests.length;

    const error = await failure(instagram().publish(credentials, { text: 'Third', media: [files.graphic()] }));
    expect(error).toMatchObject({
      kind: 'permanent',
      reason: 'quota_reached',
      message: 'Instagram allows 2 posts in 24 hours and this account has published 2: this post was skipped.',
    });
    expect(fake.requests.slice(before).map((request) => request.route)).toEqual([LIMIT]);
    expect(fake.containers.length).toBe(containers);
  });

  it('counts only the last 24 hours', async () => {
    fake.settings.quotaTotal = 1;
    await instagram().publish(credentials, { text: 'Yesterday', media: [files.graphic()] });
    const yesterday = fake.media.at(-1);
    if (yesterday)
      yesterday.timestamp = new Date(Date.now() - 25 * 3_600_000).toISOString().replace(/\.\d+Z$/, '+0000');
    const post = await instagram().publish(credentials, { text: 'Today', media: [files.graphic()] });
    expect(post.postId).toBe(fake.media.at(-1)?.id);
  });
});

describe('reconciling a lost answer', () => {
  it('media_publish accepted, then the connection dropped: unknown, and findRecentPost finds the post', async () => {
    const since = new Date();
    const text = 'Thanks @agentcast_team for the launch — https://example.com/launch';
    fake.dropNext(PUBLISH, { afterAccept: true });
    const error = await failure(instagram().publish(credentials, { text, media: [files.graphic()] }));
    expect(error).toMatchObject({ kind: 'unknown', reason: 'connection_lost' });

    const stored = fake.media.at(-1);
    expect(stored?.caption).toBe(text);
    // Instagram reads the caption back without the @ of the mention; the text still matches.
    const found = await instagram().findRecentPost!(credentials, { text, since });
    expect(found).toEqual({ postId: stored?.id, url: stored?.permalink });
    const [read] = fake.requestsTo('GET /v23.0/:account/media').slice(-1);
    expect(read?.url).toBe(
      `/v23.0/${credentials.accountId}/media?fields=id%2Ccaption%2Cpermalink%2Ctimestamp&limit=25`,
    );
    expect(read?.headers.authorization).toBe(`Bearer ${token}`);

    await expect(instagram().findRecentPost!(credentials, { text: 'Never posted', since })).resolves.toBeNull();
    await expect(
      instagram().findRecentPost!(credentials, { text, since: new Date(Date.now() + 5 * 60_000) }),
    ).resolves.toBeNull();
  });

  it('media_publish never answered: unknown after the timeout', async () => {
    fake.hangNext(PUBLISH);
    const error = await failure(
      instagram({ timeoutMs: 300 }).publish(credentials, { text: 'Waiting forever', media: [files.graphic()] }),
    );
    expect(error).toMatchObject({
      kind: 'unknown',
      reason: 'timeout',
      message: 'Instagram did not answer within 0.3 s after the post was sent: it may have been published.',
    });
  });

  it('a container request without an answer is transient, not unknown: nothing was published', async () => {
    fake.hangNext(CREATE);
    const published = fake.requestsTo(PUBLISH).length;
    const error = await failure(
      instagram({ timeoutMs: 300 }).publish(credentials, { text: 'Never made', media: [files.graphic()] }),
    );
    expect(error).toMatchObject({
      kind: 'transient',
      reason: 'timeout',
      message: 'Instagram did not answer within 0.3 s.',
    });
    expect(fake.requestsTo(PUBLISH).length).toBe(published);
  });
});

describe('deleting an Instagram post', () => {
  it('is refused, saying to delete it in the app, without calling Instagram', async () => {
    const post = await instagram().publish(credentials, { text: 'Stays up', media: [files.graphic()] });
    const before = fake.requests.length;
    const error = await failure(instagram().deletePost(credentials, post.postId));
    expect(error).toMatchObject({
      kind: 'permanent',
      reason: 'rejected',
      message: 'Instagram does not let apps delete posts: delete it in the Instagram app.',
    });
    expect(fake.requests.length).toBe(before);
    expect(fake.media.some((media) => media.id === post.postId)).toBe(true);
  });
});
