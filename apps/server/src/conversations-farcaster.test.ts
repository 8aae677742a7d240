import { mnemonicToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Agent } from '@agentcast/contracts/agents';
import type { FarcasterSignerRequest } from '@agentcast/contracts/farcaster-signer';
import type { TerminalPage } from '@agentcast/contracts/terminal';
import { startNeynarApiFake, type NeynarApiFake } from '@agentcast/test-fakes/neynar-api-fake';
import { startOpenAiFake, type OpenAiFake } from '@agentcast/test-fakes/openai-server';
import { signUpVerifiedUser } from './testing/accounts.ts';
import { validAgent } from './testing/fixtures.ts';
import { readJson } from './testing/http-client.ts';
import { startTestServer, type TestServer } from './testing/start-test-server.ts';

const APP_MNEMONIC = 'test test test test test test test test test test test junk';
const APP_FID = 977233;

let llm: OpenAiFake;
let neynar: NeynarApiFake;
let server: TestServer;

beforeAll(async () => {
  llm = await startOpenAiFake();
  llm.defaultReply = { content: 'Start with a small open model, then measure. {varied}' };
  neynar = await startNeynarApiFake({ appFid: APP_FID, appCustodyAddress: mnemonicToAccount(APP_MNEMONIC).address });
  server = await startTestServer({
    llm: { apiKey: 'sk-test', baseURL: llm.baseURL, timeoutMs: 5000, maxRetries: 0 },
    platformApis: {
      timeoutMs: 5000,
      farcaster: { apiKey: neynar.apiKey, baseUrl: neynar.baseUrl, appFid: APP_FID, appMnemonic: APP_MNEMONIC },
    },
    // Chat polls every 2 s.
    timeScale: 60,
    chatPollMs: 120_000,
  });
});
afterAll(async () => {
  await server.close();
  await llm.close();
  await neynar.close();
});

describe('answering people on Farcaster', () => {
  it('answers a cast that mentions the account with a reply to it, once, shown in the terminal', async () => {
    const { browser } = await signUpVerifiedUser(server);
    const request = (await readJson(await browser.post('/api/connections/farcaster', {}))) as FarcasterSignerRequest;
    neynar.approveSigner(neynar.signers.at(-1)!.uuid, { fid: 404, username: 'helper' });
    await expect
      .poll(async () => (await readJson(await browser.get(`/api/connections/farcaster/${request.request_id}`))).status)
      .toBe('approved');
    const agent = (await readJson(
      await browser.post(
        '/api/agents',
        validAgent({
          activities: ['chat'],
          chat_configuration: { clients: ['farcaster'], enabled: true, reply_to_replies: true, reply_to_usernames: [] },
        }),
      ),
    )) as Agent;
    const mention = neynar.seedCast({ fid: 505, username: 'curious' }, { text: '@helper which model first?' });

    const answers = () => neynar.casts.filter((cast) => cast.parent === mention.hash);
    await expect.poll(() => answers().length, { timeout: 20_000 }).toBe(1);
    expect(answers()[0]).toMatchObject({ fid: 404, text: expect.stringMatching(/^Start with a small open model/) });
    const entries = async () =>
      ((await readJson(await browser.get(`/api/terminal?agent_id=${agent.id}`))) as TerminalPage).messages;
    await expect
      .poll(async () => (await entries())[0]?.deliveries.find((item) => item.platform === 'farcaster')?.status)
      .toBe('posted');
    expect((await entries())[0]).toMatchObject({
      trigger: 'reply',
      reply_to: { platform: 'farcaster', postId: mention.hash, authorUsername: 'curious', text: mention.text },
    });

    const looks = neynar.requestsTo('GET /v2/farcaster/notifications').length;
    await expect
      .poll(() => neynar.requestsTo('GET /v2/farcaster/notifications').length, { timeout: 20_000 })
      .toBeGreaterThan(looks + 1);
    expect(answers()).toHaveLength(1);
  });
});
