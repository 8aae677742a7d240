import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFacebookApiFake, type FacebookApiFake } from '@agentcast/test-fakes/facebook-api-fake';
import { connectPage, facebookAgainst, formOf, image, partsOf, ROUTES, video } from './facebook-test-kit.ts';
import type { PlatformCredentials } from '../common/platform.ts';

let fake: FacebookApiFake;
let credentials: PlatformCredentials;
let token: string;

beforeAll(async () => {
  fake = await startFacebookApiFake();
});
afterAll(() => fake.close());
beforeEach(() => {
  const connected = connectPage(fake);
  credentials = connected.credentials;
  token = connected.page.token;
  Object.assign(fake.settings, { videoPolls: 0, videoOutcome: 'ready', unreadableReads: 0 });
});

const facebook = () => facebookAgainst(fake);
const sentSince = (before: number) => fake.requests.slice(before);

describe('the Facebook adapter', () => {
  it('says what a Page takes: long text, replies as comments, text alone', () => {
    expect(facebook()).toMatchObject({
      id: 'facebook',
      name: 'Facebook',
      maxTextLength: 63_206,
      supportsReplies: true,
    });
    expect(facebook().requiresMedia).toBeUndefined();
  });
});

describe('publishing on a Facebook Page', () => {
  it('posts text to the feed with the Page token in the header, and returns the post and its link', async () => {
    const before = fake.requests.length;
    const post = await facebook().publish(credentials, { text: 'Small models win.' });

    const sent = sentSince(before);
    expect(sent.map((request) => request.route)).toEqual([ROUTES.feed, ROUTES.node]);
    const stored = fake.posts.at(-1);
    expect(sent[0]?.url).toBe(`/v27.0/${credentials.accountId}/feed`);
    expect(formOf(sent[0])).toEqual({ message: 'Small models win.' });
    expect(sent[1]?.url).toBe(`/v27.0/${stored?.id}?fields=permalink_url`);
    for (const request of sent) {
      expect(request.headers.authorization).toBe(`Bearer ${token}`);
      expect(request.url).not.toContain(token);
      expect(request.body.toString('utf8')).not.toContain(token);
    }
    expect(stored?.id).toMatch(new RegExp(`^${credentials.accountId}_\\d+$`));
    expect(post).toEqual({ postId: stored?.id, url: `https://www.facebook.com/${stored?.id.replace('_', '/posts/')}` });
  });

  it('sends the first link of the text as the link, so Facebook shows its preview', async () => {
    const text = 'Read the launch notes: https://example.com/launch?ref=agent. Then https://example.org too.';
    await facebook().publish(credentials, { text });
    expect(formOf(fake.requestsTo(ROUTES.feed).at(-1))).toEqual({
      message: text,
      link: 'https://example.com/launch?ref=agent',
    });
    expect(fake.posts.at(-1)?.link).toBe('https://example.com/launch?ref=agent');
  });

  it('uploads one image as the bytes of a photo post, with its alt text', async () => {
    const graphic = image();
    const post = await facebook().publish(credentials, { text: 'A card', media: [graphic] });

    const { fields, files } = partsOf(fake.requestsTo(ROUTES.photos).at(-1));
    expect(fields).toEqual({ message: 'A card', alt_text_custom: 'The key line on a card' });
    expect(files).toEqual([
      expect.objectContaining({ name: 'source', contentType: 'image/png', filename: 'image.png' }),
    ]);
    const photo = fake.photos.at(-1);
    expect(photo?.bytes.equals(graphic.bytes)).toBe(true);
    expect(photo).toMatchObject({ published: true, message: 'A card' });
    expect(post.postId).toBe(`${credentials.accountId}_${photo?.id}`);
    expect(post.postId).toBe(photo?.postId);
    expect(fake.requestsTo(ROUTES.feed).filter((request) => request.url.includes(credentials.accountId))).toEqual([]);
  });

  it('uploads several images unpublished, then attaches them all to one post', async () => {
    const [first, second] = [image(), image({ contentType: 'image/jpeg', altText: undefined })];
    const before = fake.requests.length;
    const post = await facebook().publish(credentials, { text: 'Two cards', media: [first, second] });

    expect(sentSince(before).map((request) => request.route)).toEqual([
      ROUTES.photos,
      ROUTES.photos,
      ROUTES.feed,
      ROUTES.node,
    ]);
    const uploads = fake.requestsTo(ROUTES.photos).slice(-2).map(partsOf);
    expect(uploads.map((upload) => upload.fields)).toEqual([
      { published: 'false', alt_text_custom: 'The key line on a card' },
      { published: 'false' },
    ]);
    const photos = fake.photos.slice(-2);
    expect(photos.map((photo) => photo.bytes)).toEqual([first.bytes, second.bytes]);
    expect(formOf(fake.requestsTo(ROUTES.feed).at(-1))).toEqual({
      message: 'Two cards',
      'attached_media[0]': JSON.stringify({ media_fbid: photos[0]?.id }),
      'attached_media[1]': JSON.stringify({ media_fbid: photos[1]?.id }),
    });
    expect(fake.posts.at(-1)).toMatchObject({ id: post.postId, attachedPhotoIds: photos.map((photo) => photo.id) });
    expect(photos.every((photo) => photo.published && photo.postId === post.postId)).toBe(true);
  });

  it('uploads a video with the text as its description, waits for processing, and says which images were left out', async () => {
    fake.settings.videoPolls = 2;
    const clip = video();
    const before = fake.requests.length;
    const post = await facebook().publish(credentials, { text: 'Watch this', media: [image(), clip] });

    expect(sentSince(before).map((request) => request.route)).toEqual([
      ROUTES.videos,
      ROUTES.node,
      ROUTES.node,
      ROUTES.node,
      ROUTES.node,
    ]);
    const upload = fake.requestsTo(ROUTES.videos).at(-1);
    expect(partsOf(upload).fields).toEqual({ description: 'Watch this' });
    expect(fake.videos.at(-1)?.bytes.equals(clip.bytes)).toBe(true);
    const stored = fake.posts.at(-1);
    expect(stored).toMatchObject({ kind: 'video', message: 'Watch this' });
    expect(post).toEqual({
      postId: stored?.id,
      url: stored?.permalink_url,
      notes: ['Facebook posts carry images or one video here: an image was left out.'],
    });
  });

  it('publishes a reply as a comment on the post it answers, text only', async () => {
    const original = fake.addPost(credentials.accountId, 'What do you think?');
    const reply = await facebook().publish(credentials, {
      text: 'Thanks for asking!',
      media: [image()],
      replyToPostId: original.id,
    });

    const request = fake.requestsTo(ROUTES.comment).at(-1);
    expect(request?.url).toBe(`/v27.0/${original.id}/comments`);
    expect(formOf(request)).toEqual({ message: 'Thanks for asking!' });
    const comment = fake.comments.at(-1);
    expect(comment).toMatchObject({
      postId: original.id,
      message: 'Thanks for asking!',
      from: { id: credentials.accountId },
    });
    expect(reply).toEqual({
      postId: comment?.id,
      url: comment?.permalink_url,
      notes: ['Facebook comments carry text only here: an image was left out.'],
    });
  });

  it("keeps the post when its link cannot be read: the Page's address and a note, never a failure", async () => {
    fake.settings.unreadableReads = 1;
    const post = await facebook().publish(credentials, { text: 'Published, link unknown' });
    expect(post.postId).toBe(fake.posts.at(-1)?.id);
    expect(post.url).toBe(`https://www.facebook.com/${credentials.accountId}`);
    expect(post.notes?.[0]).toMatch(
      /^The post is published, but its link could not be read \(Facebook rejected .*\): find it on the Page\.$/,
    );
  });
});
