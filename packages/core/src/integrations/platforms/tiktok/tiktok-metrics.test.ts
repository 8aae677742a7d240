import { TIKTOK_ROUTES as ROUTES } from '@agentcast/test-fakes/tiktok-api-fake';
import { describe, expect, it } from 'vitest';
import { failure } from '../common/platform-test-kit.ts';
import { useTikTokFixture } from './tiktok-test-fixture.ts';

const t = useTikTokFixture();

/** A public video of an audited creator, published through the adapter. */
const publicVideo = async (text = 'A public clip') => {
  const { creator, credentials } = t.creator({ audited: true });
  const post = await t
    .tiktok({ audited: true })
    .publish(credentials, { text, media: [t.clip()], videoPrivacy: 'public' });
  return { creator, credentials, post };
};

describe('reading the metrics of TikTok posts', () => {
  it("says it reads 20 posts a request, within video/query's 600 a minute for the app", () => {
    expect(t.tiktok().metricsReading).toEqual({
      batchSize: 20,
      limit: { requests: 600, windowMs: 60_000, per: 'app' },
    });
  });

  it('asks video/query for the counts of the video ids with the token in the header, read as the contract names them', async () => {
    const { creator, credentials, post } = await publicVideo();
    t.fake.setMetrics(post.postId, { view_count: 1200, like_count: 88, comment_count: 9, share_count: 4 });
    const sent = t.watch();
    const metrics = await t.tiktok().readMetrics!(credentials, [post.postId, post.postId]);

    const [query] = sent();
    expect(query?.route).toBe(ROUTES.videoQuery);
    expect(query?.query).toEqual({ fields: 'id,view_count,like_count,comment_count,share_count' });
    expect(query?.json).toEqual({ filters: { video_ids: [post.postId] } });
    expect(query?.headers.authorization).toBe(`Bearer ${creator.token}`);
    expect(metrics).toEqual(new Map([[post.postId, { views: 1200, likes: 88, comments: 9, shares: 4 }]]));
  });

  it("skips a private post's publish_id and leaves out a video TikTok does not return", async () => {
    const { credentials, post } = await publicVideo();
    const sent = t.watch();
    expect(await t.tiktok().readMetrics!(credentials, ['v_pub_file~v2-1.abc'])).toEqual(new Map());
    expect(sent()).toEqual([]);
    const metrics = await t.tiktok().readMetrics!(credentials, [post.postId, '7350000000000009999', 'p_pub_url~v2.x']);
    expect(metrics).toEqual(new Map([[post.postId, { views: 0, likes: 0, comments: 0, shares: 0 }]]));
    expect(t.fake.requestsTo(ROUTES.videoQuery).at(-1)?.json).toEqual({
      filters: { video_ids: [post.postId, '7350000000000009999'] },
    });
  });

  it('a connection without video.list may not read metrics (forbidden); 429 waits a minute', async () => {
    const { credentials: noList } = t.creator({ scopes: ['video.publish'] });
    const forbidden = await failure(t.tiktok().readMetrics!(noList, ['7350000000000000001']));
    expect(forbidden).toMatchObject({ kind: 'permanent', reason: 'forbidden' });
    expect(forbidden.message).toMatch(/the video\.list permission/);
    const { credentials } = t.creator();
    t.fake.failNext(ROUTES.videoQuery, { status: 429 });
    expect(await failure(t.tiktok().readMetrics!(credentials, ['7350000000000000001']))).toMatchObject({
      kind: 'transient',
      reason: 'rate_limited',
    });
  });
});

describe("finding a post among the account's recent ones", () => {
  it("finds a video by its caption and a photo post by its description, with TikTok's link", async () => {
    const since = new Date();
    const { creator, credentials, post } = await publicVideo('Launch day — https://example.com/launch');
    const found = await t.tiktok().findRecentPost!(credentials, {
      text: 'Launch day — https://example.com/launch',
      since,
    });
    expect(found).toEqual({
      postId: post.postId,
      url: `https://www.tiktok.com/@${creator.username}/video/${post.postId}?utm_campaign=tt4d_open_api&utm_source=fake`,
    });
    const list = t.fake.requestsTo(ROUTES.videoList).at(-1);
    expect(list?.url).toBe('/v2/video/list/?fields=id%2Ctitle%2Cvideo_description%2Ccreate_time%2Cshare_url');
    expect(list?.json).toEqual({ max_count: 20 });
    expect(list?.headers.authorization).toBe(`Bearer ${creator.token}`);

    const photoPost = await t.tiktok({ audited: true }).publish(credentials, {
      text: 'Two cards',
      media: [t.photo('f.jpg')],
      videoPrivacy: 'public',
    });
    await expect(t.tiktok().findRecentPost!(credentials, { text: 'Two cards', since })).resolves.toMatchObject({
      postId: photoPost.postId,
    });
  });

  it('finds nothing for other text, or posted before `since` beyond a minute of skew', async () => {
    const { credentials, post } = await publicVideo('An older one');
    await expect(
      t.tiktok().findRecentPost!(credentials, { text: 'Never posted', since: new Date(Date.now() - 60_000) }),
    ).resolves.toBeNull();
    const stored = t.fake.posts().find((candidate) => candidate.videoId === post.postId)!;
    stored.create_time -= 3600;
    await expect(
      t.tiktok().findRecentPost!(credentials, { text: 'An older one', since: new Date(Date.now() - 30 * 60_000) }),
    ).resolves.toBeNull();
    await expect(
      t.tiktok().findRecentPost!(credentials, { text: 'An older one', since: new Date(Date.now() - 3600_000) }),
    ).resolves.toMatchObject({ postId: post.postId });
  });
});
