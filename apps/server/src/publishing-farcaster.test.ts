import { eq } from 'drizzle-orm';
import { mnemonicToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Agent } from '@agentcast/contracts/agents';
import type { FarcasterSignerRequest, FarcasterSignerStatus } from '@agentcast/contracts/farcaster-signer';
import type { TerminalPage } from '@agentcast/contracts/terminal';
import { platformConnection } from '@agentcast/db/schema/connections';
import { startNeynarApiFake, type NeynarApiFake } from '@agentcast/test-fakes/neynar-api-fake';
import { startOpenAiFake, type OpenAiFake } from '@agentcast/test-fakes/openai-server';
import { signUpVerifiedUser } from './testing/accounts.ts';
import { validAgent } from './testing/fixtures.ts';
import { readJson, type HttpClient } from './testing/http-client.ts';
import { startTestServer, type TestServer } from './testing/start-test-server.ts';

const APP_MNEMONIC = 'test test test test test test test test test test test junk';
const APP_FID = 977233;

let llm: OpenAiFake;
let neynar: NeynarApiFake;
let server: TestServer;

beforeAll(async () => {
  llm = await startOpenAiFake();
  llm.defaultReply = { content: 'Post number {n}: small models, {varied}. #AI' };
  neynar = await startNeynarApiFake({ appFid: APP_FID, appCustodyAddress: mnemonicToAccount(APP_MNEMONIC).address });
  server = await startTestServer({
    llm: { apiKey: 'sk-test', baseURL: llm.baseURL, timeoutMs: 5000, maxRetries: 0 },
    platformApis: {
      timeoutMs: 5000,
      farcaster: { apiKey: neynar.apiKey, baseUrl: neynar.baseUrl, appFid: APP_FID, appMnemonic: APP_MNEMONIC },
    },
    timeScale: 60,
  });
});
afterAll(async () => {
  await server.close();
  await llm.close();
  await neynar.close();
});

const check = async (browser: HttpClient, requestId: string) =>
  (await readJson(await browser.get(`/api/connections/farcaster/${requestId}`))) as FarcasterSignerStatus;

/** Connect Farcaster as the page does: ask for a key, the person approves it on their phone, the page asks again. */
const connect = async (browser: HttpClient, account: { fid: number; username: string }) => {
  const started = await browser.post('/api/connections/farcaster', {});
  expect(started.status).toBe(200);
  const request = (await readJson(started)) as FarcasterSignerRequest;
  expect(await check(browser, request.request_id)).toEqual({ status: 'pending' });
  neynar.approveSigner(neynar.signers.at(-1)!.uuid, account);
  return { request, approved: await check(browser, request.request_id) };
};

describe('connecting Farcaster by a key approved in the person’s app', () => {
  it('shows the approval link and its QR code, waits, then names the account; the signer is kept sealed', async () => {
    const browser = (await signUpVerifiedUser(server)).browser;
    const { request, approved } = await connect(browser, { fid: 101, username: 'alice' });
    expect(request.approval_url).toBe(`${neynar.baseUrl}/__fake/approve/${neynar.signers.at(-1)!.uuid}`);
    expect(request.qr_code).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(request.qr_code.split(',')[1]!, 'base64').toString()).toContain('<svg');
    expect(approved).toMatchObject({
      status: 'approved',
      connection: { platform: 'farcaster', account_id: '101', display_name: '@alice', handle: 'alice' },
    });
    const [row] = await server.database.db
      .select()
      .from(platformConnection)
      .where(eq(platformConnection.accountId, '101'));
    expect(JSON.stringify(row)).not.toContain(neynar.signers.at(-1)!.uuid);
    // Taken as it was used: asking again finds nothing waiting.
    expect((await browser.get(`/api/connections/farcaster/${request.request_id}`)).status).toBe(404);
  });

  it('a key refused in the app ends the wait with a sentence; another person’s request is not theirs to see', async () => {
    const browser = (await signUpVerifiedUser(server)).browser;
    const request = (await readJson(await browser.post('/api/connections/farcaster', {}))) as FarcasterSignerRequest;
    const stranger = (await signUpVerifiedUser(server)).browser;
    expect((await stranger.get(`/api/connections/farcaster/${request.request_id}`)).status).toBe(404);
    neynar.revokeSigner(neynar.signers.at(-1)!.uuid);
    expect(await check(browser, request.request_id)).toEqual({
      status: 'ended',
      message: 'The key was refused in the Farcaster app. Connect Farcaster again to get a new request.',
    });
  });

  it('without NEYNAR_API_KEY Farcaster is not available: listed as not configured, and a 409 saying so', async () => {
    const bare = await startTestServer({});
    try {
      const browser = (await signUpVerifiedUser(bare)).browser;
      const refused = await browser.post('/api/connections/farcaster', {});
      expect(refused.status).toBe(409);
      expect((await readJson(refused)).message).toBe('Farcaster is not available on this server yet.');
    } finally {
      await bare.close();
    }
  });
});

describe('publishing to Farcaster', () => {
  it('casts a triggered run once, links it, and takes it back on request', async () => {
    const browser = (await signUpVerifiedUser(server)).browser;
    await connect(browser, { fid: 202, username: 'bob' });
    const agent = (await readJson(
      await browser.post(
        '/api/agents',
        validAgent({
          activities: ['post'],
          post_configuration: { topics: ['AI'], clients: ['terminal', 'farcaster'] },
        }),
      ),
    )) as Agent;
    await browser.post(`/api/agents/${agent.id}/trigger`, {});
    const entry = async () =>
      ((await readJson(await browser.get(`/api/terminal?agent_id=${agent.id}`))) as TerminalPage).messages[0]!;
    await expect
      .poll(async () => (await entry()).deliveries.find((item) => item.platform === 'farcaster')?.status, {
        timeout: 30_000,
      })
      .toBe('posted');
    const casts = neynar.casts.filter((cast) => cast.fid === 202);
    expect(casts).toHaveLength(1);
    expect(casts[0]?.text).toContain('small models');
    expect((await entry()).deliveries.find((item) => item.platform === 'farcaster')?.url).toBe(
      `https://farcaster.xyz/bob/${casts[0]!.hash.slice(0, 10)}`,
    );
    expect((await browser.delete(`/api/terminal/${(await entry()).message_id}/posts/farcaster`)).status).toBe(200);
    await expect.poll(() => neynar.casts.filter((cast) => cast.fid === 202).length).toBe(0);
  });

  it('casts into the agent’s channel: one Farcaster lacks is refused when saved, and a channel link is taken as its id', async () => {
    const browser = (await signUpVerifiedUser(server)).browser;
    await connect(browser, { fid: 303, username: 'carol' });
    const fields = (farcaster_channel: string) =>
      validAgent({
        activities: ['post'],
        post_configuration: { topics: ['AI'], clients: ['terminal', 'farcaster'] },
        farcaster_channel,
      });
    const refused = await browser.post('/api/agents', fields('/no-such-channel'));
    expect(refused.status).toBe(400);
    const unknown =
      "Farcaster has no channel /no-such-channel: check its name in its link (farcaster.xyz/~/channel/…), or leave the field empty to cast to the account's own feed";
    expect(await readJson(refused)).toMatchObject({ fieldErrors: { farcaster_channel: [unknown] } });
    const malformed = await browser.post('/api/agents', fields('AI & Robots'));
    expect(malformed.status).toBe(400);

    const created = await browser.post('/api/agents', fields('https://farcaster.xyz/~/channel/AI'));
    expect(created.status).toBe(201);
    const agent = (await readJson(created)) as Agent;
    expect(agent.farcaster_channel).toBe('ai');
    const renamed = await browser.patch(`/api/agents/${agent.id}`, { farcaster_channel: 'ghost' });
    expect(renamed.status).toBe(400);
    expect((await readJson(await browser.get(`/api/agents/${agent.id}`))).farcaster_channel).toBe('ai');

    await browser.post(`/api/agents/${agent.id}/trigger`, {});
    await expect
      .poll(() => neynar.casts.filter((cast) => cast.fid === 303).map((cast) => cast.channelId))
      .toEqual(['ai']);
  });
});
