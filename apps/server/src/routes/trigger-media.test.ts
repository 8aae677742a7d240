import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Agent } from '@agentcast/contracts/agents';
import { splitMedia, type TerminalMessage } from '@agentcast/contracts/terminal';
import { signUpVerifiedUser } from '../testing/accounts.ts';
import { agentForm, validAgent } from '../testing/fixtures.ts';
import { readJson, type HttpClient } from '../testing/http-client.ts';
import { startTestServer, type TestServer } from '../testing/start-test-server.ts';

const servers: TestServer[] = [];
afterAll(() => Promise.all(servers.map((server) => server.close())));

const triggerWithMedia = async (server: TestServer, browser: HttpClient) => {
  const agent = (await readJson(
    await browser.post('/api/agents', validAgent({ meme: true, graphic: true, video: true })),
  )) as Agent;
  const response = await browser.post(`/api/agents/${agent.id}/trigger`, {});
  expect(response.status).toBe(200);
  return ((await readJson(response)) as { data: TerminalMessage }).data;
};

describe('media made by a run', () => {
  let server: TestServer;
  let browser: HttpClient;
  beforeAll(async () => {
    server = await startTestServer();
    servers.push(server);
    browser = (await signUpVerifiedUser(server)).browser;
  });

  it('embeds a meme, a 1200×675 card and an MP4 in tweet_content as public URLs that serve real files', async () => {
    const message = await triggerWithMedia(server, browser);
    const { text, media } = splitMedia(message.tweet_content);

    expect(text.length).toBeGreaterThan(0);
    expect(media.map((item) => item.kind)).toEqual(['image', 'image', 'video']);
    expect(message.notes).toEqual([]);

    const [meme, card, video] = await Promise.all(
      media.map(async (item) => Buffer.from(await (await fetch(item.url)).arrayBuffer())),
    );
    expect(await sharp(meme).metadata()).toMatchObject({ format: 'png', width: 1080, height: 1080 });
    expect(await sharp(card).metadata()).toMatchObject({ format: 'png', width: 1200, height: 675 });
    expect(video?.subarray(4, 8).toString('latin1')).toBe('ftyp');
    expect((await fetch(media[2]?.url as string)).headers.get('content-type')).toBe('video/mp4');

    // The video's poster, beside it: a PNG frame of the video's size.
    const poster = await fetch(media[2]?.poster as string);
    expect(poster.status).toBe(200);
    expect(await sharp(Buffer.from(await poster.arrayBuffer())).metadata()).toMatchObject({
      format: 'png',
      width: 1200,
      height: 676,
    });
  }, 60_000);
});

describe("the agent's avatar", () => {
  it('is drawn on the graphic card when the agent has one', async () => {
    const server = await startTestServer();
    servers.push(server);
    const { browser } = await signUpVerifiedUser(server);
    // Pure green: no card layout uses this colour of its own.
    const green = await sharp({ create: { width: 200, height: 200, channels: 3, background: { r: 0, g: 200, b: 0 } } })
      .png()
      .toBuffer();
    const agent = (await readJson(
      await browser.post(
        '/api/agents',
        agentForm(validAgent({ graphic: true }), { image: { body: green, name: 'avatar.png', type: 'image/png' } }),
      ),
    )) as Agent;
    const response = await browser.post(`/api/agents/${agent.id}/trigger`, {});
    const message = ((await readJson(response)) as { data: TerminalMessage }).data;
    const [card] = splitMedia(message.tweet_content).media;
    const { data, info } = await sharp(Buffer.from(await (await fetch(card!.url)).arrayBuffer()))
      .raw()
      .toBuffer({ resolveWithObject: true });
    let greenPixels = 0;
    for (let index = 0; index < data.length; index += info.channels)
      if (data[index + 1]! > 150 && data[index + 1]! - data[index]! > 100 && data[index + 1]! - data[index + 2]! > 100)
        greenPixels++;
    expect(greenPixels).toBeGreaterThan(1500);
  }, 60_000);
});

describe('without ffmpeg', () => {
  it('still posts, with the other media, and says in the entry why the video is missing', async () => {
    const server = await startTestServer({ ffmpegPath: '/nonexistent/ffmpeg' });
    servers.push(server);
    const { browser } = await signUpVerifiedUser(server);

    const message = await triggerWithMedia(server, browser);

    expect(splitMedia(message.tweet_content).media.map((item) => item.kind)).toEqual(['image', 'image']);
    expect(message.notes).toEqual([
      'Video skipped: ffmpeg is not installed on the server (install it, e.g. apt-get install ffmpeg, or set FFMPEG_PATH).',
    ]);
  }, 60_000);
});
