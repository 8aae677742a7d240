import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AGENT_MESSAGES, type Agent } from '@agentcast/contracts/agents';
import { PUBLISHING_MESSAGES } from '@agentcast/contracts/publishing';
import { findFfmpeg } from '@agentcast/core/integrations/media/find-ffmpeg';
import { probeVideo } from '@agentcast/core/integrations/media/testing/probe-video';
import type { TerminalMessage, TerminalPage } from '@agentcast/contracts/terminal';
import type { InstagramApiFake } from '@agentcast/test-fakes/instagram-api-fake';
import { startOpenAiFake, type OpenAiFake } from '@agentcast/test-fakes/openai-server';
import {
  startInstagramWithOAuth,
  startYouTubeWithOAuth,
  type PlatformWithOAuth,
} from '@agentcast/test-fakes/platforms-with-oauth';
import type { YouTubeApiFake } from '@agentcast/test-fakes/youtube-api-fake';
import { putOnPlan, signUpVerifiedUser } from './testing/accounts.ts';
import { connectPlatform } from './testing/connect-platform.ts';
import { validAgent } from './testing/fixtures.ts';
import { readJson, type HttpClient } from './testing/http-client.ts';
import { startTestServer, type TestServer } from './testing/start-test-server.ts';

let llm: OpenAiFake;
let instagram: PlatformWithOAuth<InstagramApiFake>;
let youtube: PlatformWithOAuth<YouTubeApiFake>;
let server: TestServer;
let owner: HttpClient;

beforeAll(async () => {
  llm = await startOpenAiFake();
  llm.defaultReply = { content: 'Post number {n}: small models, {varied}. #AI' };
  instagram = await startInstagramWithOAuth();
  youtube = await startYouTubeWithOAuth();
  const client = (fake: PlatformWithOAuth<unknown>) => ({
    clientId: fake.oauth.clientId,
    clientSecret: fake.oauth.clientSecret,
  });
  server = await startTestServer({
    llm: { apiKey: 'sk-test', baseURL: llm.baseURL, timeoutMs: 5000, maxRetries: 0 },
    oauth: {
      timeoutMs: 5000,
      instagram: {
        ...client(instagram),
        oauthBaseUrl: instagram.oauth.baseUrl,
        tokenBaseUrl: instagram.oauth.baseUrl,
        apiBaseUrl: instagram.baseUrl,
      },
      youtube: {
        ...client(youtube),
        oauthBaseUrl: youtube.oauth.baseUrl,
        tokenBaseUrl: youtube.oauth.baseUrl,
        apiBaseUrl: youtube.baseUrl,
      },
    },
    platformApis: {
      instagramBaseUrl: instagram.baseUrl,
      youtubeBaseUrl: youtube.baseUrl,
      timeoutMs: 5000,
      mediaPollIntervalMs: 20,
    },
    timeScale: 60,
  });
  const account = await signUpVerifiedUser(server);
  owner = account.browser;
  await putOnPlan(server, account.email, 'enterprise');
});
afterAll(async () => {
  await server.close();
  await llm.close();
  await instagram.close();
  await youtube.close();
});

const newestEntry = async (agentId: string) =>
  ((await readJson(await owner.get(`/api/terminal?agent_id=${agentId}`))) as TerminalPage).messages[0];

const createAgent = async (fields: Parameters<typeof validAgent>[0]) =>
  (await readJson(await owner.post('/api/agents', validAgent({ activities: ['post'], ...fields })))) as Agent;

const trigger = async (agentId: string) =>
  ((await readJson(await owner.post(`/api/agents/${agentId}/trigger`, {}))) as { data: TerminalMessage }).data;

const settledDeliveries = async (agentId: string, count: number) => {
  await expect
    .poll(
      async () =>
        (await newestEntry(agentId))?.deliveries.filter(
          (item) => !['ready', 'posting', 'unknown'].includes(item.status),
        ).length,
      { timeout: 30_000 },
    )
    .toBe(count);
  return (await newestEntry(agentId))!.deliveries;
};

/** Width and height of a video, as the ffmpeg the test server uses reads it (no ffprobe needed). */
const videoSize = (bytes: Buffer) => {
  const ffmpegPath = findFfmpeg({ searchPath: process.env.PATH })?.path ?? 'ffmpeg';
  const { width, height } = probeVideo(ffmpegPath, bytes).streams.find(({ kind }) => kind === 'Video') ?? {};
  return { width, height };
};

describe('publishing to Instagram and YouTube', () => {
  it('posts the graphic to Instagram as a JPEG the app serves publicly, captioned with the post, and links it', async () => {
    const agent = await createAgent({
      graphic: true,
      post_configuration: { topics: ['AI'], clients: ['terminal', 'instagram'] },
    });
    await connectPlatform(server, owner, 'instagram', { agentId: agent.id });

    const entry = await trigger(agent.id);
    const deliveries = await settledDeliveries(agent.id, 2);

    const caption = entry.tweet_content.split('\n\n')[0]!;
    const post = instagram.api.media.find((medium) => medium.caption === caption);
    expect(post).toMatchObject({ media_type: 'IMAGE', owner: instagram.oauth.account.id });
    expect(deliveries).toContainEqual({ platform: 'instagram', status: 'posted', attempts: 1, url: post?.permalink });
    const container = instagram.api.containers.find((item) => item.id === post?.containerId);
    // Instagram downloaded the image itself, from this server, as a JPEG made from the run's PNG card.
    expect(container?.image_url).toMatch(new RegExp(`^${server.url}/storage/images/agent-media/.+-rendition\\.jpg$`));
    const download = container?.downloads[0];
    expect(download?.contentType).toBe('image/jpeg');
    expect(await sharp(download!.bytes).metadata()).toMatchObject({ format: 'jpeg', width: 1200, height: 675 });
    // The two steps: the publishing limit read first, then the container, then media_publish naming it.
    const routes = instagram.api.requests.map((request) => request.route).filter(Boolean);
    expect(routes.indexOf('GET /v23.0/:account/content_publishing_limit')).toBeLessThan(
      routes.indexOf('POST /v23.0/:account/media'),
    );
    const publish = instagram.api.requestsTo('POST /v23.0/:account/media_publish').at(-1);
    expect(new URLSearchParams(publish?.body.toString()).get('creation_id')).toBe(container?.id);
  });

  it('uploads the video to YouTube as a vertical Short with the agent’s privacy, and as a Reel to Instagram', async () => {
    const agent = await createAgent({
      video: true,
      video_privacy: 'unlisted',
      post_configuration: { topics: ['AI'], clients: ['terminal', 'instagram', 'youtube'] },
    });
    await connectPlatform(server, owner, 'instagram', { agentId: agent.id });
    await connectPlatform(server, owner, 'youtube', { agentId: agent.id });

    const entry = await trigger(agent.id);
    const deliveries = await settledDeliveries(agent.id, 3);

    const text = entry.tweet_content.split('\n\n')[0]!;
    const short = youtube.api.videos.find((video) => video.description === text);
    expect(short).toMatchObject({ privacyStatus: 'unlisted', channelId: youtube.oauth.account.id });
    expect(short?.title).toMatch(/#Shorts$/);
    expect(videoSize(short!.bytes)).toEqual({ width: 1080, height: 1920 });
    const reel = instagram.api.media.find((medium) => medium.caption === text);
    expect(reel).toMatchObject({ media_product_type: 'REELS' });
    const container = instagram.api.containers.find((item) => item.id === reel?.containerId);
    expect(container?.video_url).toMatch(/-vertical\.mp4$/);
    // One vertical form, made once, serves both platforms.
    expect(container?.downloads[0]?.bytes.equals(short!.bytes)).toBe(true);
    // Composed for 9:16 with the post (issue 41 §9), not the 16:9 clip between bars: its cover is a portrait too.
    expect(container?.cover_url).toMatch(/-vertical-poster-rendition\.jpg$/);
    expect(await sharp(container!.downloads[1]!.bytes).metadata()).toMatchObject({ width: 1080, height: 1920 });
    expect(deliveries).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          platform: 'youtube',
          status: 'posted',
          url: `https://www.youtube.com/shorts/${short?.id}`,
        }),
        expect.objectContaining({ platform: 'instagram', status: 'posted', url: reel?.permalink }),
      ]),
    );
    // Two videos are rendered (16:9 and 9:16) before the trigger answers: on a shared machine that takes a while.
  }, 90_000);

  it('finds an Instagram post whose answer was lost instead of posting it twice', async () => {
    const agent = await createAgent({
      meme: true,
      post_configuration: { topics: ['AI'], clients: ['terminal', 'instagram'] },
    });
    await connectPlatform(server, owner, 'instagram', { agentId: agent.id });
    instagram.api.dropNext('POST /v23.0/:account/media_publish', { afterAccept: true });

    const entry = await trigger(agent.id);
    const deliveries = await settledDeliveries(agent.id, 2);

    const caption = entry.tweet_content.split('\n\n')[0]!;
    const posts = instagram.api.media.filter((medium) => medium.caption === caption);
    expect(posts).toHaveLength(1);
    expect(deliveries).toContainEqual(
      expect.objectContaining({ platform: 'instagram', status: 'posted', url: posts[0]?.permalink }),
    );
  });

  it('skips the post with a note when the account has used Instagram’s posts for the day', async () => {
    const agent = await createAgent({
      graphic: true,
      post_configuration: { topics: ['AI'], clients: ['terminal', 'instagram'] },
    });
    await connectPlatform(server, owner, 'instagram', { agentId: agent.id });
    const containersBefore = instagram.api.containers.length;
    instagram.api.settings.quotaTotal = 0;
    try {
      await trigger(agent.id);
      const deliveries = await settledDeliveries(agent.id, 2);
      expect(deliveries.find((item) => item.platform === 'instagram')).toMatchObject({
        status: 'failed',
        error: expect.stringMatching(/^Instagram allows 0 posts in 24 hours/),
      });
      expect(instagram.api.containers).toHaveLength(containersBefore);
    } finally {
      instagram.api.settings.quotaTotal = 50;
    }
  });

  it('refuses an agent that posts to Instagram or YouTube without the media they need', async () => {
    const answer = await owner.post(
      '/api/agents',
      validAgent({
        graphic: true,
        post_configuration: { topics: ['AI'], clients: ['terminal', 'youtube', 'instagram'] },
      }),
    );
    expect(answer.status).toBe(400);
    expect(await answer.json()).toMatchObject({
      fieldErrors: { 'post_configuration.clients': [AGENT_MESSAGES.youtubeNeedsVideo] },
    });
    // A post a person composes without an image still cannot go to Instagram: the delivery says why.
    expect(PUBLISHING_MESSAGES.needsMedia('instagram', 'image-or-video')).toMatch(/^Not published: Instagram posts/);
  });
});
