import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AGENT_MESSAGES, type Agent } from '@agentcast/contracts/agents';
import type { ConnectionsOverview } from '@agentcast/contracts/connections';
import type { TerminalPage } from '@agentcast/contracts/terminal';
import { TIKTOK_CREATOR_MESSAGES, type TikTokCreator } from '@agentcast/contracts/tiktok-creator';
import { startOpenAiFake, type OpenAiFake } from '@agentcast/test-fakes/openai-server';
import { startTikTokWithOAuth, type PlatformWithOAuth } from '@agentcast/test-fakes/platforms-with-oauth';
import type { TikTokApiFake } from '@agentcast/test-fakes/tiktok-api-fake';
import { putOnPlan, signUpVerifiedUser } from './testing/accounts.ts';
import { connectPlatform } from './testing/connect-platform.ts';
import { validAgent } from './testing/fixtures.ts';
import { readJson, type HttpClient } from './testing/http-client.ts';
import { startTestServer, type TestServer } from './testing/start-test-server.ts';

// Issue 35 §3: TikTok through Login Kit and the Content Posting API; an unaudited app posts privately.
let llm: OpenAiFake;
let tiktok: PlatformWithOAuth<TikTokApiFake>;
let server: TestServer;
let owner: HttpClient;

beforeAll(async () => {
  llm = await startOpenAiFake();
  llm.defaultReply = { content: 'Post number {n}: small models, {varied}. #AI' };
  tiktok = await startTikTokWithOAuth();
  server = await startTestServer({
    llm: { apiKey: 'sk-test', baseURL: llm.baseURL, timeoutMs: 5000, maxRetries: 0 },
    oauth: {
      timeoutMs: 5000,
      tiktok: {
        clientKey: tiktok.oauth.clientId,
        clientSecret: tiktok.oauth.clientSecret,
        oauthBaseUrl: tiktok.oauth.baseUrl,
        apiBaseUrl: tiktok.baseUrl,
        audited: false,
      },
    },
    platformApis: { tiktok: { baseUrl: tiktok.baseUrl, audited: false }, timeoutMs: 5000, mediaPollIntervalMs: 20 },
    timeScale: 60,
  });
  const account = await signUpVerifiedUser(server);
  owner = account.browser;
  await putOnPlan(server, account.email, 'enterprise');
});
afterAll(async () => {
  await server.close();
  await llm.close();
  await tiktok.close();
});

describe('TikTok', () => {
  it('connects with Login Kit (the client key, three scopes) and says that posts go out private until TikTok audits the app', async () => {
    const { authorizationUrl, exchange } = await connectPlatform(server, owner, 'tiktok');
    expect(`${authorizationUrl.origin}${authorizationUrl.pathname}`).toBe(`${tiktok.oauth.baseUrl}/v2/auth/authorize/`);
    expect(authorizationUrl.searchParams.get('client_key')).toBe(tiktok.oauth.clientId);
    expect(authorizationUrl.searchParams.get('scope')).toBe('user.info.basic,video.publish,video.list');
    expect(exchange.connection).toMatchObject({
      platform: 'tiktok',
      account_id: tiktok.oauth.account.id,
      handle: 'ada.makes',
      display_name: '@ada.makes',
    });
    const overview = (await readJson(await owner.get('/api/connections'))) as ConnectionsOverview;
    expect(overview.platforms.find((entry) => entry.platform === 'tiktok')).toEqual({
      platform: 'tiktok',
      configured: true,
      posts_private: true,
    });
  });

  it('needs a video or pictures, and posts the agent’s video privately, saying so in the terminal', async () => {
    const refused = await owner.post(
      '/api/agents',
      validAgent({ activities: ['post'], post_configuration: { topics: ['AI'], clients: ['terminal', 'tiktok'] } }),
    );
    expect(refused.status).toBe(400);
    expect(JSON.stringify(await readJson(refused))).toContain(AGENT_MESSAGES.tiktokNeedsMedia);

    const agent = (await readJson(
      await owner.post(
        '/api/agents',
        validAgent({
          activities: ['post'],
          video: true,
          post_configuration: { topics: ['AI'], clients: ['terminal', 'tiktok'] },
        }),
      ),
    )) as Agent;
    expect((await owner.post(`/api/agents/${agent.id}/trigger`, {})).status).toBe(200);
    const delivery = async () =>
      (
        (await readJson(await owner.get(`/api/terminal?agent_id=${agent.id}`))) as TerminalPage
      ).messages[0]?.deliveries.find((item) => item.platform === 'tiktok');
    await expect.poll(async () => (await delivery())?.status, { timeout: 60_000 }).toBe('posted');
    const [post] = tiktok.api.posts();
    expect(post).toMatchObject({ kind: 'video', openId: tiktok.oauth.account.id });
    expect(post?.post_info.privacy_level).toBe('SELF_ONLY');
    expect(post?.bytes.length).toBeGreaterThan(0);
    expect((await delivery())?.url).toBe('https://www.tiktok.com/@ada.makes');
    expect(JSON.stringify(await delivery())).toContain('private');
    // A video is rendered for it first: slow on a loaded 2-core machine.
  }, 90_000);

  it('shows what the next post goes out with (creator_info, read now), or says in a sentence why it cannot', async () => {
    const agent = (await readJson(
      await owner.post(
        '/api/agents',
        validAgent({ video: true, post_configuration: { topics: ['AI'], clients: ['terminal', 'tiktok'] } }),
      ),
    )) as Agent;
    const creatorOf = async (client: HttpClient, agentId: string) => {
      const response = await client.get(`/api/connections/tiktok/creator?agent=${agentId}`);
      return { status: response.status, body: (await readJson(response)) as TikTokCreator };
    };
    expect(await creatorOf(owner, agent.id)).toEqual({
      status: 200,
      body: {
        status: 'ready',
        username: 'ada.makes',
        nickname: tiktok.oauth.account.name,
        // The app is not audited: private whatever the account allows.
        privacyLevel: 'SELF_ONLY',
        privacyLevels: ['FOLLOWER_OF_CREATOR', 'MUTUAL_FOLLOW_FRIENDS', 'SELF_ONLY'],
        audited: false,
        commentDisabled: false,
        duetDisabled: true,
        stitchDisabled: true,
        maxVideoSeconds: 600,
      },
    });

    // Read fresh each time: a setting changed in TikTok shows at once.
    tiktok.api.setCreatorInfo(tiktok.oauth.account.id, { commentDisabled: true, maxVideoSeconds: 180 });
    expect((await creatorOf(owner, agent.id)).body).toMatchObject({ commentDisabled: true, maxVideoSeconds: 180 });

    // TikTok refusing (the grant lost video.publish) is a sentence for the preview, not an error.
    tiktok.api.setCreatorInfo(tiktok.oauth.account.id, { scopes: ['user.info.basic'] });
    const refused = await creatorOf(owner, agent.id);
    expect(refused.status).toBe(200);
    expect(refused.body).toMatchObject({ status: 'unavailable', message: expect.stringMatching(/^TikTok .+\.$/) });

    // Another person: their agent without a TikTok account is told to connect one; this agent is not theirs.
    const other = (await signUpVerifiedUser(server)).browser;
    const theirs = (await readJson(await other.post('/api/agents', validAgent()))) as Agent;
    expect(await creatorOf(other, theirs.id)).toEqual({
      status: 200,
      body: { status: 'unavailable', message: TIKTOK_CREATOR_MESSAGES.notConnected },
    });
    expect((await creatorOf(other, agent.id)).status).toBe(404);
    expect((await other.get('/api/connections/tiktok/creator')).status).toBe(400);
  });
});
