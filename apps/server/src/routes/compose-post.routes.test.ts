import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Agent } from '@agentcast/contracts/agents';
import { COMPOSE_MESSAGES, MAX_POST_IMAGES } from '@agentcast/contracts/compose-constants';
import type { Draft } from '@agentcast/contracts/drafts';
import type { TerminalMessage, TerminalPage } from '@agentcast/contracts/terminal';
import { agentRun } from '@agentcast/db/schema/runs';
import type { LinkedInApiFake } from '@agentcast/test-fakes/linkedin-api-fake';
import {
  startLinkedInWithOAuth,
  startXWithOAuth,
  type PlatformWithOAuth,
} from '@agentcast/test-fakes/platforms-with-oauth';
import type { XApiFake } from '@agentcast/test-fakes/x-api-fake';
import { putOnPlan, signUpVerifiedUser } from '../testing/accounts.ts';
import { connectPlatform } from '../testing/connect-platform.ts';
import { pngImage, validAgent } from '../testing/fixtures.ts';
import { readJson, type HttpClient } from '../testing/http-client.ts';
import { startTestServer, type TestServer } from '../testing/start-test-server.ts';

let x: PlatformWithOAuth<XApiFake>;
let linkedin: PlatformWithOAuth<LinkedInApiFake>;
let server: TestServer;
let owner: HttpClient;

beforeAll(async () => {
  x = await startXWithOAuth();
  linkedin = await startLinkedInWithOAuth();
  const client = (fake: PlatformWithOAuth<unknown>) => ({
    clientId: fake.oauth.clientId,
    clientSecret: fake.oauth.clientSecret,
  });
  server = await startTestServer({
    oauth: {
      timeoutMs: 5000,
      x: { ...client(x), oauthBaseUrl: x.baseUrl, apiBaseUrl: x.baseUrl },
      linkedin: { ...client(linkedin), oauthBaseUrl: linkedin.oauth.baseUrl, apiBaseUrl: linkedin.baseUrl },
    },
    platformApis: { xBaseUrl: x.baseUrl, linkedinBaseUrl: linkedin.baseUrl, timeoutMs: 5000 },
  });
  const account = await signUpVerifiedUser(server);
  owner = account.browser;
  await putOnPlan(server, account.email, 'enterprise');
});
afterAll(async () => {
  await server.close();
  await x.close();
  await linkedin.close();
});

/** An agent posting to X and LinkedIn through its own connected accounts. */
const twoPlatformAgent = async () => {
  const agent = (await readJson(
    await owner.post(
      '/api/agents',
      validAgent({
        activities: ['post'],
        post_configuration: { topics: ['AI'], clients: ['terminal', 'x', 'linkedin'] },
      }),
    ),
  )) as Agent;
  await connectPlatform(server, owner, 'x', { agentId: agent.id });
  await connectPlatform(server, owner, 'linkedin', { agentId: agent.id });
  return agent;
};

const compose = (agentId: string, body: unknown) => owner.post(`/api/agents/${agentId}/posts`, body);
const withFiles = (post: object, files: { field: string; body: Uint8Array; type: string; name: string }[]) => {
  const form = new FormData();
  form.append('post', JSON.stringify(post));
  for (const file of files) form.append(file.field, new Blob([file.body], { type: file.type }), file.name);
  return form;
};
/** The first bytes of an ISO media file with the mp4 brand: what the server reads to tell an MP4. */
const mp4Bytes = () => new Uint8Array(Buffer.from('\0\0\0\x18ftypmp42\0\0\0\0mp42isom' + 'x'.repeat(2000), 'latin1'));
const entry = async (agentId: string, messageId: string) =>
  ((await readJson(await owner.get(`/api/terminal?agent_id=${agentId}`))) as TerminalPage).messages.find(
    (message) => message.message_id === messageId,
  );
const statuses = async (agentId: string, messageId: string) =>
  Object.fromEntries((await entry(agentId, messageId))?.deliveries.map((item) => [item.platform, item.status]) ?? []);
const linkedInPosts = (text: string) => linkedin.api.posts.filter((post) => post.commentary === text);
const xPosts = (text: string) => x.api.posts.filter((post) => post.text === text);
const drafts = async () => ((await readJson(await owner.get('/api/drafts'))) as { drafts: Draft[] }).drafts;

describe('the composer', () => {
  it('sends each platform its own text when one was customized, and the common text to the others', async () => {
    const agent = await twoPlatformAgent();
    const response = await compose(agent.id, {
      text: 'Short and sharp for X. #AI',
      texts: { linkedin: 'A longer note for LinkedIn, with the context colleagues expect.' },
    });
    expect(response.status).toBe(201);
    const message = (await readJson(response)) as TerminalMessage;
    await expect
      .poll(() => statuses(agent.id, message.message_id), { timeout: 10_000 })
      .toEqual({ terminal: 'posted', x: 'posted', linkedin: 'posted' });
    expect(xPosts('Short and sharp for X. #AI')).toHaveLength(1);
    expect(linkedInPosts('A longer note for LinkedIn, with the context colleagues expect.')).toHaveLength(1);
    expect(linkedInPosts('Short and sharp for X. #AI')).toEqual([]);
  });

  it('posts to the chosen platforms only', async () => {
    const agent = await twoPlatformAgent();
    const response = await compose(agent.id, { text: 'Only for LinkedIn, this one.', platforms: ['linkedin'] });
    expect(response.status).toBe(201);
    const message = (await readJson(response)) as TerminalMessage;
    await expect
      .poll(() => statuses(agent.id, message.message_id), { timeout: 10_000 })
      .toEqual({ terminal: 'posted', linkedin: 'posted' });
    expect(xPosts('Only for LinkedIn, this one.')).toEqual([]);
  });

  it('saves a draft that waits in Review with its texts, and publishes it once approved', async () => {
    const agent = await twoPlatformAgent();
    const at = new Date(Date.now() + 3_600_000);
    const response = await compose(agent.id, {
      text: 'A draft for later. #AI',
      texts: { linkedin: 'A draft for later, the LinkedIn way.' },
      publish_at: at.toISOString(),
      draft: true,
    });
    expect(response.status).toBe(201);
    const message = (await readJson(response)) as TerminalMessage;
    const draft = (await drafts()).find((item) => item.message_id === message.message_id);
    expect(draft).toMatchObject({
      trigger: 'composed',
      text: 'A draft for later. #AI',
      platforms: ['linkedin', 'x'],
      platform_texts: { linkedin: 'A draft for later, the LinkedIn way.' },
      publish_at: at.toISOString(),
    });
    expect(await statuses(agent.id, message.message_id)).toEqual({
      terminal: 'awaiting_review',
      x: 'awaiting_review',
      linkedin: 'awaiting_review',
    });

    const approved = await owner.post('/api/drafts/approve', { ids: [draft!.id], now: true });
    expect(approved.status).toBe(200);
    await expect
      .poll(() => statuses(agent.id, message.message_id), { timeout: 10_000 })
      .toEqual({ terminal: 'posted', x: 'posted', linkedin: 'posted' });
    expect(linkedInPosts('A draft for later, the LinkedIn way.')).toHaveLength(1);
    expect(xPosts('A draft for later. #AI')).toHaveLength(1);
  });

  it('attaches a video to X, and several images', async () => {
    const agent = await twoPlatformAgent();
    const video = await compose(
      agent.id,
      withFiles({ text: 'A clip for X.', platforms: ['x'] }, [
        { field: 'video', body: mp4Bytes(), type: 'video/mp4', name: 'clip.mp4' },
      ]),
    );
    expect(video.status).toBe(201);
    const message = (await readJson(video)) as TerminalMessage;
    expect(message.tweet_content).toMatch(/^A clip for X\.\n\nhttp\S+\/post-media\/\S+\.mp4$/);
    await expect.poll(() => xPosts('A clip for X.').length, { timeout: 15_000 }).toBe(1);
    const [post] = xPosts('A clip for X.');
    expect(x.api.media.get(post!.mediaIds[0]!)?.mediaType).toBe('video/mp4');

    const png = new Uint8Array(await pngImage());
    const images = await compose(
      agent.id,
      withFiles({ text: 'Three pictures for X.', platforms: ['x'] }, [
        { field: 'images', body: png, type: 'image/png', name: 'a.png' },
        { field: 'images', body: png, type: 'image/png', name: 'b.png' },
        { field: 'images', body: png, type: 'image/png', name: 'c.png' },
      ]),
    );
    expect(images.status).toBe(201);
    await expect.poll(() => xPosts('Three pictures for X.')[0]?.mediaIds.length, { timeout: 10_000 }).toBe(3);
  });

  it('refuses bad input with a 400 that says what to change, and keeps nothing of it', async () => {
    const agent = await twoPlatformAgent();
    const refusal = async (body: unknown) => {
      const response = await compose(agent.id, body);
      expect(response.status).toBe(400);
      return (await readJson(response)) as { message: string; fieldErrors?: Record<string, string[]> };
    };
    expect((await refusal({ text: 'Nowhere', platforms: [] })).message).toContain(COMPOSE_MESSAGES.noPlatform);
    expect((await refusal({ text: 'Elsewhere', platforms: ['instagram'] })).fieldErrors).toEqual({
      platforms: [COMPOSE_MESSAGES.notAgentPlatform('instagram', agent.name)],
    });
    expect((await refusal({ text: 'Hi', platforms: ['x'], texts: { linkedin: 'Hello' } })).fieldErrors).toEqual({
      'texts.linkedin': [COMPOSE_MESSAGES.textForUnchosen('linkedin')],
    });
    expect((await refusal({ text: 'Fine for LinkedIn', texts: { x: 'y'.repeat(300) } })).fieldErrors).toEqual({
      'texts.x': ['Too long for X: 300 characters of 280.'],
    });
    const webm = new Uint8Array([0x1a, 0x45, 0xdf, 0xa3, ...new Array<number>(64).fill(0)]);
    expect(
      (
        await refusal(
          withFiles({ text: 'A WebM' }, [{ field: 'video', body: webm, type: 'video/webm', name: 'a.webm' }]),
        )
      ).fieldErrors?.video,
    ).toEqual([COMPOSE_MESSAGES.videoNotTaken('x'), COMPOSE_MESSAGES.videoNotTaken('linkedin')]);
    const notAVideo = new Uint8Array(Buffer.from('just some text, not a video at all'));
    expect(
      (
        await refusal(
          withFiles({ text: 'Fake' }, [{ field: 'video', body: notAVideo, type: 'video/mp4', name: 'a.mp4' }]),
        )
      ).message,
    ).toBe(COMPOSE_MESSAGES.notAVideo);
    const png = new Uint8Array(await pngImage());
    const both = withFiles({ text: 'Both', platforms: ['x'] }, [
      { field: 'images', body: png, type: 'image/png', name: 'a.png' },
      { field: 'video', body: mp4Bytes(), type: 'video/mp4', name: 'a.mp4' },
    ]);
    expect((await refusal(both)).message).toBe(COMPOSE_MESSAGES.imagesAndVideo);
    const many = Array.from({ length: MAX_POST_IMAGES + 1 }, (_, index) => ({
      field: 'images',
      body: png,
      type: 'image/png',
      name: `${index}.png`,
    }));
    expect((await refusal(withFiles({ text: 'Many', platforms: ['x'] }, many))).message).toBe(
      COMPOSE_MESSAGES.tooManyImages,
    );
    expect((await refusal({ text: 'Malformed', texts: 'not an object' })).fieldErrors).toHaveProperty('texts');

    const runs = await server.database.db.select().from(agentRun).where(eq(agentRun.agentId, agent.id));
    expect(runs).toEqual([]);
  });
});
