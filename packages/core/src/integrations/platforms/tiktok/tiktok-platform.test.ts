import { randomBytes } from 'node:crypto';
import { TIKTOK_ROUTES as ROUTES } from '@agentcast/test-fakes/tiktok-api-fake';
import { describe, expect, it } from 'vitest';
import { failure } from '../common/platform-test-kit.ts';
import { mp4LastingSeconds, useTikTokFixture } from './tiktok-test-fixture.ts';

const t = useTikTokFixture();
const UNAUDITED_NOTE =
  "TikTok posted it privately (only the account can see it) because this server's TikTok app is not audited (TikTok keeps posts of unaudited apps private). TikTok gives apps no link to such a post: the link is the account's profile.";

describe('the TikTok adapter', () => {
  it('says what TikTok takes: a video or photos, captions of 2,200, vertical video, JPEG photos, no replies', () => {
    expect(t.tiktok()).toMatchObject({
      id: 'tiktok',
      name: 'TikTok',
      maxTextLength: 2200,
      supportsReplies: false,
      requiresMedia: 'image-or-video',
      mediaRenditions: { image: 'jpeg', video: 'vertical' },
    });
  });

  it("refuses a chunk size outside TikTok's bounds", () => {
    expect(() => t.tiktok({ chunkBytes: 1_000_000 })).toThrow(/chunkBytes must be a whole number from 5242880/);
    expect(() => t.tiktok({ chunkBytes: 65_000_000 })).toThrow(/64000000/);
  });
});

describe('posting a video to TikTok', () => {
  it('reads the creator, inits, uploads a small video in one chunk, and an unaudited post is private', async () => {
    const { creator, credentials } = t.creator();
    const video = t.clip();
    const sent = t.watch();
    const post = await t.tiktok().publish(credentials, { text: 'Ship it #today', media: [video] });

    const requests = sent();
    expect(requests.map((request) => request.route)).toEqual([
      ROUTES.creatorInfo,
      ROUTES.videoInit,
      ROUTES.upload,
      ROUTES.status,
    ]);
    const [info, init, upload] = requests;
    expect(info?.url).toBe('/v2/post/publish/creator_info/query/');
    expect(init?.headers['content-type']).toBe('application/json; charset=UTF-8');
    expect(init?.json).toEqual({
      post_info: {
        title: 'Ship it #today',
        privacy_level: 'SELF_ONLY',
        disable_comment: false,
        // An unaudited app's creator has a private account, where TikTok turns duets and stitches off.
        disable_duet: true,
        disable_stitch: true,
      },
      source_info: { source: 'FILE_UPLOAD', video_size: 4096, chunk_size: 4096, total_chunk_count: 1 },
    });
    expect(upload?.headers).toMatchObject({
      'content-type': 'video/mp4',
      'content-length': '4096',
      'content-range': 'bytes 0-4095/4096',
    });
    // The upload address carries its own credential; the user's token stays with the API.
    expect(upload?.headers.authorization).toBeUndefined();
    for (const request of requests.filter((request) => request !== upload)) {
      expect(request.headers.authorization).toBe(`Bearer ${creator.token}`);
      expect(request.url).not.toContain(creator.token);
      expect(request.body.toString('utf8')).not.toContain(creator.token);
    }

    const stored = t.fake.posts().at(-1);
    expect(stored?.bytes.equals(video.bytes)).toBe(true);
    expect(stored?.status).toBe('PUBLISH_COMPLETE');
    expect(post).toEqual({
      postId: stored?.publishId,
      url: `https://www.tiktok.com/@${creator.username}`,
      notes: [UNAUDITED_NOTE],
    });
  });

  it('uploads a large video in chunks, in order, and a public post has its id (exact past 2^53) and link', async () => {
    const { creator, credentials } = t.creator({ audited: true });
    const size = 16_000_000;
    const chunk = 5 * 1024 * 1024;
    const video = t.clip(randomBytes(size));
    const post = await t.tiktok({ audited: true, chunkBytes: chunk }).publish(credentials, {
      text: 'The long cut',
      media: [video],
      videoPrivacy: 'public',
    });

    const stored = t.fake.posts().at(-1)!;
    expect(stored.post_info).toMatchObject({ privacy_level: 'PUBLIC_TO_EVERYONE', disable_duet: false });
    expect(stored.source_info).toEqual({
      source: 'FILE_UPLOAD',
      video_size: size,
      chunk_size: chunk,
      total_chunk_count: 3,
    });
    expect(stored.chunkRanges).toEqual([
      `bytes 0-${chunk - 1}/${size}`,
      `bytes ${chunk}-${2 * chunk - 1}/${size}`,
      `bytes ${2 * chunk}-${size - 1}/${size}`,
    ]);
    expect(stored.bytes.equals(video.bytes)).toBe(true);
    expect(stored.videoId).toMatch(/^\d{19}$/);
    expect(post).toEqual({
      postId: stored.videoId,
      url: `https://www.tiktok.com/@${creator.username}/video/${stored.videoId}`,
    });
  });

  it('turns off what the creator turned off, and waits for the id TikTok gives once its review has passed', async () => {
    const { credentials } = t.creator({ audited: true, commentDisabled: true, duetDisabled: true });
    t.fake.scriptNextPublish({ processingReads: 1, idWithheldReads: 2 });
    const sent = t.watch();
    const post = await t.tiktok({ audited: true }).publish(credentials, {
      text: 'Reviewed first',
      media: [t.clip()],
      videoPrivacy: 'public',
    });
    const stored = t.fake.posts().at(-1)!;
    expect(stored.post_info).toMatchObject({ disable_comment: true, disable_duet: true, disable_stitch: false });
    expect(sent().filter((request) => request.route === ROUTES.status)).toHaveLength(4);
    expect(post.postId).toBe(stored.videoId);
  });

  it("maps the agent's privacy on an audited app and says who sees a post without a link", async () => {
    const { creator, credentials } = t.creator({ audited: true });
    const unlisted = await t.tiktok({ audited: true }).publish(credentials, {
      text: 'For friends',
      media: [t.clip()],
      videoPrivacy: 'unlisted',
    });
    expect(t.fake.posts().at(-1)?.post_info.privacy_level).toBe('MUTUAL_FOLLOW_FRIENDS');
    expect(unlisted).toEqual({
      postId: t.fake.posts().at(-1)?.publishId,
      url: `https://www.tiktok.com/@${creator.username}`,
      notes: [
        "TikTok posted it for the account's friends only (followers it follows back) as the agent's privacy setting (unlisted) asks. TikTok gives apps no link to such a post: the link is the account's profile.",
      ],
    });
    const privately = await t.tiktok({ audited: true }).publish(credentials, { text: 'Mine', media: [t.clip()] });
    expect(t.fake.posts().at(-1)?.post_info.privacy_level).toBe('SELF_ONLY');
    expect(privately.notes).toEqual([
      "TikTok posted it privately (only the account can see it) as the agent's privacy setting (private) asks. TikTok gives apps no link to such a post: the link is the account's profile.",
    ]);
  });

  it('refuses a video longer than the creator may post, after reading the creator and before any upload', async () => {
    const { credentials } = t.creator({ maxVideoSeconds: 60 });
    const sent = t.watch();
    const error = await failure(
      t.tiktok().publish(credentials, { text: 'Too long', media: [t.clip(mp4LastingSeconds(75))] }),
    );
    expect(error).toMatchObject({
      kind: 'permanent',
      reason: 'rejected',
      message: 'The video is 75 s long, and TikTok lets this account post videos of at most 60 s: nothing was sent.',
    });
    expect(sent().map((request) => request.route)).toEqual([ROUTES.creatorInfo]);
    // One within the limit goes.
    const post = await t
      .tiktok()
      .publish(credentials, { text: 'Short enough', media: [t.clip(mp4LastingSeconds(45))] });
    expect(post.postId).toBe(t.fake.posts().at(-1)?.publishId);
  });
});

describe('posting photos to TikTok', () => {
  it('hands TikTok the public URLs of the JPEGs, which it pulls, and the text as the description', async () => {
    const { creator, credentials } = t.creator({ audited: true });
    const [first, second] = [t.photo('one.jpg'), t.photo('two.jpg')];
    const post = await t.tiktok({ audited: true }).publish(credentials, {
      text: 'Two cards',
      media: [first, second, { ...t.photo('meme.png'), contentType: 'image/png' }],
      videoPrivacy: 'public',
    });
    const init = t.fake.requestsTo(ROUTES.photoInit).at(-1);
    expect(init?.json).toEqual({
      media_type: 'PHOTO',
      post_mode: 'DIRECT_POST',
      post_info: { description: 'Two cards', privacy_level: 'PUBLIC_TO_EVERYONE', disable_comment: false },
      source_info: { source: 'PULL_FROM_URL', photo_images: [first.publicUrl, second.publicUrl], photo_cover_index: 0 },
    });
    const stored = t.fake.posts().at(-1)!;
    expect(stored.photos.map((photo) => photo.bytes)).toEqual([first.bytes, second.bytes]);
    expect(post).toEqual({
      postId: stored.videoId,
      url: `https://www.tiktok.com/@${creator.username}/photo/${stored.videoId}`,
      notes: ['The image is image/png, and TikTok takes JPEG or WebP photos only: it was left out.'],
    });
  });

  it('posts the video when there are photos too, noting them left out', async () => {
    const { credentials } = t.creator();
    const post = await t.tiktok().publish(credentials, {
      text: 'Video first',
      media: [t.photo('a.jpg'), t.clip(), t.photo('b.jpg'), t.clip()],
    });
    expect(t.fake.posts().at(-1)?.kind).toBe('video');
    expect(post.notes).toEqual([
      'TikTok posts carry a video or photos, not both: the 2 images were left out.',
      'A TikTok post is one video: the other video was left out.',
      UNAUDITED_NOTE,
    ]);
  });

  it('refuses, without calling TikTok, a post with nothing TikTok takes, and replies', async () => {
    const { credentials } = t.creator();
    const sent = t.watch();
    expect(await failure(t.tiktok().publish(credentials, { text: 'Just words' }))).toMatchObject({
      kind: 'permanent',
      reason: 'rejected',
      message: 'TikTok posts need a video or an image, and this post has neither.',
    });
    const unsendable = await failure(
      t
        .tiktok()
        .publish(credentials, { text: 'Private photo', media: [{ ...t.photo('c.jpg'), publicUrl: undefined }] }),
    );
    expect(unsendable.message).toBe(
      'TikTok posts need a video, or JPEG images at a public address, and this post has none: the image has no public address for TikTok to fetch it from. TikTok fetches photos itself: set PUBLIC_URL to the address this server is reached at from the internet, or keep media in a public S3 bucket (S3_PUBLIC_URL).',
    );
    expect(
      await failure(t.tiktok().publish(credentials, { text: 'A reply', media: [t.clip()], replyToPostId: '1' })),
    ).toMatchObject({ kind: 'permanent', message: 'TikTok posts cannot be published as replies.' });
    expect(sent()).toEqual([]);
  });
});
