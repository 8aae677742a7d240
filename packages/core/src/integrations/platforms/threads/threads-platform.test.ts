import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startThreadsApiFake, type ThreadsApiFake } from '@agentcast/test-fakes/threads-api-fake';
import type { RecordedRequest } from '@agentcast/test-fakes/platform-fake-kit';
import { createThreadsPlatform } from './threads-platform.ts';
import { startTestMediaServer, type TestMediaServer } from '../instagram/instagram-test-media.ts';
import type { PlatformCredentials } from '../common/platform.ts';
import { failure } from '../common/platform-test-kit.ts';

let fake: ThreadsApiFake;
let files: TestMediaServer;
let credentials: PlatformCredentials;
let username: string;

beforeAll(async () => {
  [fake, files] = await Promise.all([startThreadsApiFake(), startTestMediaServer()]);
});
afterAll(() => Promise.all([fake.close(), files.close()]));
beforeEach(() => {
  const account = fake.addAccount();
  username = account.username;
  credentials = { accessToken: account.token, accountId: account.id };
  Object.assign(fake.settings, { videoPolls: 0, otherPolls: 0, unreadablePostReads: 0 });
});

const threads = (options: Partial<Parameters<typeof createThreadsPlatform>[0]> = {}) =>
  createThreadsPlatform({ baseUrl: fake.baseUrl, timeoutMs: 2000, containerPollIntervalMs: 10, ...options });
const formOf = (request: RecordedRequest | undefined) =>
  Object.fromEntries(new URLSearchParams(request?.body.toString('utf8') ?? ''));
const LIMIT = 'GET /v1.0/:account/threads_publishing_limit';
const CREATE = 'POST /v1.0/:account/threads';
const NODE = 'GET /v1.0/:node';
const PUBLISH = 'POST /v1.0/:account/threads_publish';
const sentSince = (before: number) => fake.requests.slice(before);

describe('the Threads adapter', () => {
  it('says what Threads takes: 500 characters, replies, text alone, media as they are', () => {
    const platform = threads();
    expect(platform).toMatchObject({ id: 'threads', name: 'Threads', maxTextLength: 500, supportsReplies: true });
    expect(platform.requiresMedia).toBeUndefined();
    expect(platform.mediaRenditions).toBeUndefined();
  });
});

describe('publishing to Threads', () => {
  it('reads the limit, makes a text container, waits for it, publishes it and returns the post and its link', async () => {
    const before = fake.requests.length;
    const post = await threads().publish(credentials, { text: 'Small models win. https://example.com/why' });

    const sent = sentSince(before);
    expect(sent.map((request) => request.route)).toEqual([LIMIT, CREATE, NODE, PUBLISH, NODE]);
    const [limit, create, status, publish, permalink] = sent;
    const container = fake.containers.at(-1);
    const [stored] = fake.published().slice(-1);
    expect(limit?.url).toBe(`/v1.0/${credentials.accountId}/threads_publishing_limit?fields=quota_usage%2Cconfig`);
    expect(create?.url).toBe(`/v1.0/${credentials.accountId}/threads`);
    expect(create?.headers['content-type']).toMatch(/^application\/x-www-form-urlencoded/);
    expect(formOf(create)).toEqual({ media_type: 'TEXT', text: 'Small models win. https://example.com/why' });
    expect(status?.url).toBe(`/v1.0/${container?.id}?fields=status%2Cerror_message`);
    expect(formOf(publish)).toEqual({ creation_id: container?.id });
    expect(permalink?.url).toBe(`/v1.0/${stored?.id}?fields=permalink`);
    for (const request of sent) {
      expect(request.headers.authorization).toBe(`Bearer ${credentials.accessToken}`);
      expect(request.url).not.toContain(credentials.accessToken);
      expect(request.body.toString('utf8')).not.toContain(credentials.accessToken);
    }
    expect(stored).toMatchObject({ text: 'Small models win. https://example.com/why', media_type: 'TEXT_POST' });
    expect(stored?.permalink).toMatch(new RegExp(`^https://www\\.threads\\.net/@${username}/post/[\\w-]+$`));
    expect(post).toEqual({ postId: stored?.id, url: stored?.permalink });
  });

  it('publishes one image from its public URL, with its alt text; Threads downloads it itself', async () => {
    const post = await threads().publish(credentials, { text: 'A card', media: [files.graphic()] });
    expect(formOf(fake.requestsTo(CREATE).at(-1))).toEqual({
      media_type: 'IMAGE',
      image_url: `${files.baseUrl}/media/graphic.jpg`,
      alt_text: 'The key line on a card',
      text: 'A card',
    });
    expect(fake.containers.at(-1)?.downloads).toEqual([
      { url: `${files.baseUrl}/media/graphic.jpg`, contentType: 'image/jpeg', bytes: files.jpeg },
    ]);
    expect(fake.published().at(-1)).toMatchObject({ id: post.postId, media_type: 'IMAGE' });
  });

  it('publishes a video once Threads has processed it (IN_PROGRESS, then FINISHED)', async () => {
    fake.settings.videoPolls = 2;
    const before = fake.requests.length;
    const post = await threads().publish(credentials, { text: 'Watch', media: [files.reel()] });
    expect(sentSince(before).map((request) => request.route)).toEqual([LIMIT, CREATE, NODE, NODE, NODE, PUBLISH, NODE]);
    expect(fake.containers.at(-1)?.status).toBe('PUBLISHED');
    expect(formOf(fake.requestsTo(CREATE).at(-1))).toEqual({
      media_type: 'VIDEO',
      video_url: `${files.baseUrl}/media/clip.mp4`,
      text: 'Watch',
    });
    expect(fake.containers.at(-1)?.downloads[0]?.bytes).toEqual(files.video);
    expect(fake.published().at(-1)).toMatchObject({ id: post.postId, media_type: 'VIDEO' });
  });

  it('makes 2 or more media a carousel: each item a container, each waited on, then the carousel with the text', async () => {
    fake.settings.videoPolls = 1;
    const before = fake.requests.length;
    const post = await threads().publish(credentials, {
      text: 'Three views',
      media: [files.graphic(), files.pngMeme(), files.reel()],
    });

    const creates = sentSince(before)
      .filter((request) => request.route === CREATE)
      .map(formOf);
    expect(creates.slice(0, 3)).toEqual([
      {
        media_type: 'IMAGE',
        image_url: `${files.baseUrl}/media/graphic.jpg`,
        alt_text: 'The key line on a card',
        is_carousel_item: 'true',
      },
      { media_type: 'IMAGE', image_url: `${files.baseUrl}/media/meme.png`, is_carousel_item: 'true' },
      { media_type: 'VIDEO', video_url: `${files.baseUrl}/media/clip.mp4`, is_carousel_item: 'true' },
    ]);
    const items = fake.containers.slice(-4, -1).map((container) => container.id);
    expect(creates[3]).toEqual({ media_type: 'CAROUSEL', children: items.join(','), text: 'Three views' });
    expect(sentSince(before).filter((request) => request.route === NODE)).toHaveLength(6); // 3 items + 1 video poll + carousel + link
    expect(fake.published().at(-1)).toMatchObject({
      id: post.postId,
      media_type: 'CAROUSEL_ALBUM',
      text: 'Three views',
      children: [
        { media_type: 'IMAGE', media_url: `${files.baseUrl}/media/graphic.jpg` },
        { media_type: 'IMAGE', media_url: `${files.baseUrl}/media/meme.png` },
        { media_type: 'VIDEO', media_url: `${files.baseUrl}/media/clip.mp4` },
      ],
    });
  });

  it('posts the text alone when no medium has a public address, saying what was left out and why', async () => {
    const post = await threads().publish(credentials, {
      text: 'Words only, in the end',
      media: [files.graphic({ publicUrl: undefined }), files.reel({ contentType: 'video/webm' })],
    });
    expect(formOf(fake.requestsTo(CREATE).at(-1))).toEqual({ media_type: 'TEXT', text: 'Words only, in the end' });
    expect(post.notes).toEqual([
      'The image has no public address for Threads to fetch it from: it was left out.',
      'The video is video/webm, and Threads takes JPEG and PNG images and MP4 and MOV videos: it was left out.',
      'Set PUBLIC_URL to the address this server is reached at from the internet, or keep media in a public S3 bucket (S3_PUBLIC_URL).',
    ]);
  });

  it('publishes a reply with reply_to_id on the container, checking the replies limit', async () => {
    const parent = await threads().publish(credentials, { text: 'A question for you all' });
    const fan = fake.reply({ to: parent.postId, text: 'Which one?' });
    const before = fake.requests.length;
    const answer = await threads().publish(credentials, { text: 'This one.', replyToPostId: fan.id });
    const [limit, create] = sentSince(before);
    expect(limit?.query.fields).toBe('reply_quota_usage,reply_config');
    expect(formOf(create)).toEqual({ media_type: 'TEXT', text: 'This one.', reply_to_id: fan.id });
    expect(fake.published().at(-1)).toMatchObject({ id: answer.postId, reply_to_id: fan.id });
  });

  it('refuses a text over 500 as Threads counts it (an emoji is its bytes), before calling Threads', async () => {
    const before = fake.requests.length;
    expect(await failure(threads().publish(credentials, { text: 'a'.repeat(501) }))).toMatchObject({
      kind: 'permanent',
      reason: 'rejected',
      message:
        'The text is 501 characters long as Threads counts it (an emoji counts as its UTF-8 bytes), and Threads takes at most 500.',
    });
    const emoji = await failure(threads().publish(credentials, { text: `${'x'.repeat(440)} ${'🔥'.repeat(15)}` }));
    expect(emoji.message).toMatch(/^The text is 501 characters long/);
    expect(fake.requests.length).toBe(before);
    await threads().publish(credentials, { text: '🔥'.repeat(125) });
    expect(fake.published().at(-1)?.text).toBe('🔥'.repeat(125));
  });

  it('keeps the post when its link cannot be read: threads.net and a note, never a failure', async () => {
    fake.settings.unreadablePostReads = 1;
    const post = await threads().publish(credentials, { text: 'Published, link unknown' });
    expect(post.postId).toBe(fake.published().at(-1)?.id);
    expect(post.url).toBe('https://www.threads.net/');
    expect(post.notes?.[0]).toMatch(
      /^The post is published, but its link could not be read \(Threads rejected the request for the post's link \(400: Unsupported get request\..*\): find it on the account's profile\.$/,
    );
  });
});

describe('the Threads API fake, as tests drive it', () => {
  it('answers the account, takes replies and lists published posts over HTTP, and trusts tokens it is told to', async () => {
    const me = await fetch(`${fake.baseUrl}/v1.0/me?fields=id,username,name`, {
      headers: { Authorization: `Bearer ${credentials.accessToken}` },
    });
    expect(await me.json()).toEqual({ id: credentials.accountId, username, name: 'Agent Profile' });

    const post = await threads().publish(credentials, { text: 'Over HTTP' });
    const replied = await fetch(`${fake.baseUrl}/__fake/replies`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ reply_to_id: post.postId, text: 'Hello from a test', username: 'http_fan' }),
    });
    expect(replied.status).toBe(201);
    const { data } = (await (await fetch(`${fake.baseUrl}/__fake/posts`)).json()) as { data: { id: string }[] };
    expect(data.at(-1)).toMatchObject({ id: post.postId, text: 'Over HTTP', media_type: 'TEXT_POST' });
    const page = await threads().findMentions(credentials, {});
    expect(page.posts.map((mention) => [mention.authorUsername, mention.text])).toEqual([
      ['http_fan', 'Hello from a test'],
    ]);

    const trusting = await startThreadsApiFake({
      trustTokens: (token) => (token === 'oauth-issued' ? { id: '17841499999999999', username: 'oauth_user' } : null),
    });
    try {
      const published = await createThreadsPlatform({ baseUrl: trusting.baseUrl, timeoutMs: 2000 }).publish(
        { accessToken: 'oauth-issued', accountId: '17841499999999999' },
        { text: 'Through the OAuth fake' },
      );
      expect(trusting.published()).toMatchObject([{ id: published.postId, username: 'oauth_user' }]);
    } finally {
      await trusting.close();
    }
  });
});
