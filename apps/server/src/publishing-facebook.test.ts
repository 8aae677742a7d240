import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Agent } from '@agentcast/contracts/agents';
import { oauthCallbackPath, type OAuthExchangeAnswer, type OAuthStartAnswer } from '@agentcast/contracts/connections';
import { ACCOUNT_CHOICE_MESSAGES, type OAuthAccountChoice } from '@agentcast/contracts/oauth-account-choice';
import type { TerminalMessage, TerminalPage } from '@agentcast/contracts/terminal';
import { platformConnection } from '@agentcast/db/schema/connections';
import type { FacebookApiFake, FacebookFakeUser } from '@agentcast/test-fakes/facebook-api-fake';
import { startOpenAiFake, type OpenAiFake } from '@agentcast/test-fakes/openai-server';
import { startFacebookWithOAuth, type PlatformWithOAuth } from '@agentcast/test-fakes/platforms-with-oauth';
import { signUpVerifiedUser } from './testing/accounts.ts';
import { validAgent } from './testing/fixtures.ts';
import { readJson, type HttpClient } from './testing/http-client.ts';
import { decideAtProvider } from './testing/oauth-fakes.ts';
import { startTestServer, type TestServer } from './testing/start-test-server.ts';

// Issue 35 §2: Facebook Login, then the Page the agents post to; posts on the Page, linked in the terminal.
let llm: OpenAiFake;
let facebook: PlatformWithOAuth<FacebookApiFake>;
let person: FacebookFakeUser;
let server: TestServer;

beforeAll(async () => {
  llm = await startOpenAiFake();
  llm.defaultReply = { content: 'Post number {n}: small models, {varied}. #AI' };
  facebook = await startFacebookWithOAuth();
  person = facebook.api.addUser({ id: facebook.oauth.account.id });
  server = await startTestServer({
    llm: { apiKey: 'sk-test', baseURL: llm.baseURL, timeoutMs: 5000, maxRetries: 0 },
    oauth: {
      timeoutMs: 5000,
      facebook: {
        clientId: facebook.oauth.clientId,
        clientSecret: facebook.oauth.clientSecret,
        oauthBaseUrl: facebook.oauth.baseUrl,
        graphBaseUrl: facebook.baseUrl,
        graphVersion: 'v27.0',
      },
    },
    platformApis: { facebookBaseUrl: facebook.baseUrl, timeoutMs: 5000, mediaPollIntervalMs: 20 },
    timeScale: 60,
  });
});
afterAll(async () => {
  await server.close();
  await llm.close();
  await facebook.close();
});

const callback = `/auth/facebook/callback`;
/** Start, Allow at Facebook, exchange: the answer is the Page connected, or the Pages to choose from. */
const signIn = async (browser: HttpClient) => {
  const redirectUri = `${server.url}${oauthCallbackPath('facebook')}`;
  const start = (await readJson(
    await browser.post('/api/oauth/start', { platform: 'facebook', redirect_uri: redirectUri }),
  )) as OAuthStartAnswer;
  const back = await decideAtProvider(start.url);
  expect(back.pathname).toBe(callback);
  const exchange = await browser.post('/api/oauth/exchange', {
    platform: 'facebook',
    code: back.searchParams.get('code'),
    state: back.searchParams.get('state'),
    redirect_uri: redirectUri,
  });
  return { start: new URL(start.url), status: exchange.status, body: await readJson(exchange) };
};
const storedToken = async (connectionId: string) => {
  const [row] = await server.database.db
    .select()
    .from(platformConnection)
    .where(eq(platformConnection.id, connectionId));
  return server.services.domains.connections.secretBox.open(row?.accessTokenSealed ?? '');
};

describe('connecting a Facebook Page', () => {
  it('asks for the Page permissions; a person with one Page has it connected at once, with its own token', async () => {
    const page = facebook.api.addPage({ name: 'Agentcast Kitchen', user: person });
    const owner = (await signUpVerifiedUser(server)).browser;
    const { start, status, body } = await signIn(owner);
    expect(`${start.origin}${start.pathname}`).toBe(`${facebook.oauth.baseUrl}/v27.0/dialog/oauth`);
    expect(start.searchParams.get('scope')).toBe(
      'pages_show_list,pages_manage_posts,pages_read_engagement,pages_read_user_content,pages_manage_engagement,publish_video,read_insights',
    );
    expect(status).toBe(200);
    const { connection } = body as OAuthExchangeAnswer;
    expect(connection).toMatchObject({ platform: 'facebook', account_id: page.id, display_name: 'Agentcast Kitchen' });
    expect(connection.expires_at).toBeNull();
    expect(await storedToken(connection.id)).toBe(page.token);
    // The long-lived exchange came before the Pages were read.
    expect(facebook.oauth.requests.map((request) => request.query.grant_type ?? 'code')).toContain('fb_exchange_token');

    // A triggered post goes on the Page's feed and the terminal links to it.
    const agent = (await readJson(
      await owner.post(
        '/api/agents',
        validAgent({ activities: ['post'], post_configuration: { topics: ['AI'], clients: ['terminal', 'facebook'] } }),
      ),
    )) as Agent;
    const { data } = (await readJson(await owner.post(`/api/agents/${agent.id}/trigger`, {}))) as {
      data: TerminalMessage;
    };
    const newest = async () =>
      ((await readJson(await owner.get(`/api/terminal?agent_id=${agent.id}`))) as TerminalPage).messages[0];
    await expect
      .poll(async () => (await newest())?.deliveries.find((item) => item.platform === 'facebook')?.status, {
        timeout: 30_000,
      })
      .toBe('posted');
    const posted = facebook.api.posts.filter((post) => post.pageId === page.id);
    expect(posted.map((post) => post.message)).toEqual([data.tweet_content]);
    expect((await newest())?.deliveries.find((item) => item.platform === 'facebook')?.url).toBe(
      posted[0]?.permalink_url,
    );
  });

  it('with several Pages, lists them and connects the one chosen, once; another account’s choice is not theirs', async () => {
    const second = facebook.api.addPage({ name: 'Agentcast Garden', user: person });
    const owner = (await signUpVerifiedUser(server)).browser;
    const { status, body } = await signIn(owner);
    expect(status).toBe(200);
    const { choose } = body as OAuthAccountChoice;
    expect(choose.accounts.map((account) => account.display_name)).toEqual(['Agentcast Kitchen', 'Agentcast Garden']);
    expect(JSON.stringify(body)).not.toContain(second.token);
    expect((await readJson(await owner.get('/api/connections'))) as { connections: unknown[] }).toMatchObject({
      connections: [],
    });

    const stranger = (await signUpVerifiedUser(server)).browser;
    const theirs = await stranger.post('/api/oauth/choose', { choice: choose.id, account_id: second.id });
    expect(theirs.status).toBe(400);
    expect((await readJson(theirs)).message).toBe(ACCOUNT_CHOICE_MESSAGES.expired);
    const unknown = await owner.post('/api/oauth/choose', { choice: choose.id, account_id: '999' });
    expect(unknown.status).toBe(400);
    expect((await readJson(unknown)).message).toBe(ACCOUNT_CHOICE_MESSAGES.notOffered);

    const chosen = await owner.post('/api/oauth/choose', { choice: choose.id, account_id: second.id });
    expect(chosen.status).toBe(200);
    const { connection } = (await readJson(chosen)) as OAuthExchangeAnswer;
    expect(connection).toMatchObject({ platform: 'facebook', account_id: second.id, display_name: 'Agentcast Garden' });
    expect(await storedToken(connection.id)).toBe(second.token);
    const again = await owner.post('/api/oauth/choose', { choice: choose.id, account_id: second.id });
    expect(again.status).toBe(400);
  });

  it('says so when the person manages no Page they may post on', async () => {
    const readerOnly = facebook.api.addUser({ id: '10200000000000888' });
    facebook.api.addPage({ name: 'Read Only', tasks: ['ANALYZE'], user: readerOnly });
    facebook.oauth.account = { ...facebook.oauth.account, id: readerOnly.id };
    try {
      const { status, body } = await signIn((await signUpVerifiedUser(server)).browser);
      expect(status).toBe(409);
      expect((body as { message: string }).message).toBe(ACCOUNT_CHOICE_MESSAGES.noFacebookPage);
    } finally {
      facebook.oauth.account = { ...facebook.oauth.account, id: person.id };
    }
  });
});
