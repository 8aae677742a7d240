import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Agent } from '@agentcast/contracts/agents';
import type { OAuthExchangeAnswer } from '@agentcast/contracts/connections';
import type { Draft } from '@agentcast/contracts/drafts';
import type { TerminalMessage, TerminalPage } from '@agentcast/contracts/terminal';
import { platformConnection } from '@agentcast/db/schema/connections';
import { startBlueskyApiFake, type BlueskyAccount, type BlueskyApiFake } from '@agentcast/test-fakes/bluesky-api-fake';
import { startOpenAiFake, type OpenAiFake } from '@agentcast/test-fakes/openai-server';
import { signUpVerifiedUser } from './testing/accounts.ts';
import { validAgent } from './testing/fixtures.ts';
import { readJson, type HttpClient } from './testing/http-client.ts';
import { startTestServer, type TestServer } from './testing/start-test-server.ts';

let llm: OpenAiFake;
let bluesky: BlueskyApiFake;
let server: TestServer;
let owner: HttpClient;
let account: BlueskyAccount;

beforeAll(async () => {
  llm = await startOpenAiFake();
  llm.defaultReply = { content: 'Post number {n}: small models, {varied}. #AI' };
  bluesky = await startBlueskyApiFake();
  server = await startTestServer({
    llm: { apiKey: 'sk-test', baseURL: llm.baseURL, timeoutMs: 5000, maxRetries: 0 },
    platformApis: { blueskyBaseUrl: bluesky.baseUrl, timeoutMs: 5000 },
    timeScale: 60,
  });
  owner = (await signUpVerifiedUser(server)).browser;
  account = bluesky.addAccount();
});
afterAll(async () => {
  await server.close();
  await llm.close();
  await bluesky.close();
});

const connect = (browser: HttpClient, body: Record<string, unknown>) =>
  browser.post('/api/connections/credentials', { platform: 'bluesky', ...body });
const createAgent = async (fields: Parameters<typeof validAgent>[0]) =>
  (await readJson(await owner.post('/api/agents', validAgent({ activities: ['post'], ...fields })))) as Agent;
const newestEntry = async (agentId: string) =>
  ((await readJson(await owner.get(`/api/terminal?agent_id=${agentId}`))) as TerminalPage).messages[0];
const settled = async (agentId: string) => {
  await expect
    .poll(async () => (await newestEntry(agentId))?.deliveries.find((item) => item.platform === 'bluesky')?.status, {
      timeout: 30_000,
    })
    .toBe('posted');
  return (await newestEntry(agentId))!;
};

describe('connecting Bluesky with a handle and an app password', () => {
  it('checks them with Bluesky, keeps the session sealed (never the password), and names the account', async () => {
    // The account lives on a PDS of its own, which its DID document names (the same fake, by another name).
    bluesky.settings.pdsUrl = bluesky.baseUrl.replace('127.0.0.1', 'localhost');
    const response = await connect(owner, { handle: `@${account.handle}`, app_password: account.appPassword });
    expect(response.status).toBe(200);
    const { connection } = (await readJson(response)) as OAuthExchangeAnswer;
    expect(connection).toMatchObject({
      platform: 'bluesky',
      account_id: account.did,
      handle: account.handle,
      display_name: `@${account.handle}`,
      service_url: bluesky.settings.pdsUrl,
      agent_id: null,
      reconnect_reason: null,
    });
    const [row] = await server.database.db
      .select()
      .from(platformConnection)
      .where(eq(platformConnection.id, connection.id));
    const stored = JSON.stringify(row);
    expect(stored).not.toContain(account.appPassword);
    expect(stored).not.toContain(bluesky.requestsTo('POST /xrpc/com.atproto.server.createSession')[0]?.json ?? '');
    const overview = (await readJson(await owner.get('/api/connections'))) as {
      platforms: { platform: string; configured: boolean }[];
    };
    expect(overview.platforms).toContainEqual({ platform: 'bluesky', configured: true });
  });

  it('says what is wrong in a 4xx: the app password, a missing field, a server address that is not public', async () => {
    const refused = await connect(owner, { handle: account.handle, app_password: 'wrong-wrong-wrong-wrong' });
    expect(refused.status).toBe(400);
    expect(await readJson(refused)).toMatchObject({
      code: 'VALIDATION_FAILED',
      fieldErrors: {
        app_password: [
          'Bluesky did not accept this handle and app password. Check both, or make a new app password (Settings → Privacy and security → App passwords).',
        ],
      },
    });
    const missing = await connect(owner, { handle: account.handle });
    expect(missing.status).toBe(400);
    expect(JSON.stringify(await readJson(missing))).toContain('Enter an app password');

    const production = await startTestServer({ isProduction: true, allowPrivateTargets: false });
    try {
      const browser = (await signUpVerifiedUser(production)).browser;
      const local = await connect(browser, {
        handle: account.handle,
        app_password: account.appPassword,
        service_url: 'http://127.0.0.2:9',
      });
      expect(local.status).toBe(400);
      expect(JSON.stringify(await readJson(local))).toContain('The server address must start with https://.');
    } finally {
      await production.close();
    }
  });
});

describe('publishing to Bluesky', () => {
  it('posts a triggered run once, links it in the terminal, and takes it back on request', async () => {
    const agent = await createAgent({ post_configuration: { topics: ['AI'], clients: ['terminal', 'bluesky'] } });
    const { data } = (await readJson(await owner.post(`/api/agents/${agent.id}/trigger`, {}))) as {
      data: TerminalMessage;
    };
    const entry = await settled(agent.id);
    const posted = bluesky.posts.filter((post) => post.repo === account.did);
    expect(posted.map((post) => post.value.text)).toEqual([data.tweet_content]);
    const delivery = entry.deliveries.find((item) => item.platform === 'bluesky');
    expect(delivery).toMatchObject({ status: 'posted', attempts: 1 });
    expect(delivery?.url).toBe(`https://bsky.app/profile/${account.did}/post/${posted[0]?.rkey}`);
    // Posted on the account's own PDS, not at the service it signed in to.
    expect(bluesky.requestsTo('POST /xrpc/com.atproto.repo.createRecord').at(-1)?.headers.host).toBe(
      new URL(bluesky.settings.pdsUrl!).host,
    );

    const removed = await owner.delete(`/api/terminal/${entry.message_id}/posts/bluesky`);
    expect(removed.status).toBe(200);
    await expect.poll(() => bluesky.posts.filter((post) => post.repo === account.did).length).toBe(0);
  });

  it('with review on, nothing reaches Bluesky until the draft is approved', async () => {
    const agent = await createAgent({
      review_before_posting: true,
      post_configuration: { topics: ['AI'], clients: ['terminal', 'bluesky'] },
    });
    const before = bluesky.posts.length;
    await owner.post(`/api/agents/${agent.id}/trigger`, {});
    const drafts = async () => ((await readJson(await owner.get('/api/drafts'))) as { drafts: Draft[] }).drafts;
    await expect.poll(async () => (await drafts()).filter((draft) => draft.agent.id === agent.id).length).toBe(1);
    expect(bluesky.posts.length).toBe(before);
    const [draft] = (await drafts()).filter((item) => item.agent.id === agent.id);
    expect((await owner.post('/api/drafts/approve', { ids: [draft!.id] })).status).toBe(200);
    await settled(agent.id);
    expect(bluesky.posts.length).toBe(before + 1);
  });

  it('with threads on, a text longer than one Bluesky post goes out as a numbered reply chain', async () => {
    const writer = bluesky.addAccount();
    const browser = (await signUpVerifiedUser(server)).browser;
    await connect(browser, { handle: writer.handle, app_password: writer.appPassword });
    const sentence = (index: number) => `Point ${index}: small models run on a laptop and answer in a blink 👋🏽.`;
    const long = Array.from({ length: 9 }, (_, index) => sentence(index + 1)).join(' ');
    llm.defaultReply = { content: long };
    try {
      const agent = (await readJson(
        await browser.post(
          '/api/agents',
          validAgent({
            activities: ['post'],
            x_threads: true,
            post_configuration: { topics: ['AI'], clients: ['terminal', 'bluesky'] },
          }),
        ),
      )) as Agent;
      await browser.post(`/api/agents/${agent.id}/trigger`, {});
      await expect
        .poll(async () => {
          const page = (await readJson(await browser.get(`/api/terminal?agent_id=${agent.id}`))) as TerminalPage;
          return page.messages[0]?.deliveries.find((item) => item.platform === 'bluesky')?.status;
        })
        .toBe('posted');
    } finally {
      llm.defaultReply = { content: 'Post number {n}: small models, {varied}. #AI' };
    }
    const chain = bluesky.posts.filter((post) => post.repo === writer.did);
    expect(chain.length).toBeGreaterThan(1);
    chain.forEach((post, index) => {
      const text = String(post.value.text);
      expect([...new Intl.Segmenter().segment(text)].length).toBeLessThanOrEqual(300);
      expect(text.endsWith(` ${index + 1}/${chain.length}`)).toBe(true);
    });
    // Each part answers the one before it, in one thread under the first.
    chain.slice(1).forEach((post, index) => {
      const reply = post.value.reply as { parent: { uri: string }; root: { uri: string } } | undefined;
      expect(reply?.parent.uri).toBe(chain[index]?.uri);
      expect(reply?.root.uri).toBe(chain[0]?.uri);
    });
  });

  it('a session Bluesky no longer accepts marks the connection "Reconnect needed" until it is connected again', async () => {
    const revoked = bluesky.addAccount();
    const browser = (await signUpVerifiedUser(server)).browser;
    bluesky.settings.accessLifetimeSeconds = 60; // due for renewal at once (renewed 5 minutes ahead)
    await connect(browser, { handle: revoked.handle, app_password: revoked.appPassword });
    bluesky.settings.accessLifetimeSeconds = 7200;
    bluesky.revokeSessions(revoked.did);
    const agent = (await readJson(
      await browser.post(
        '/api/agents',
        validAgent({ activities: ['post'], post_configuration: { topics: ['AI'], clients: ['terminal', 'bluesky'] } }),
      ),
    )) as Agent;
    await browser.post(`/api/agents/${agent.id}/trigger`, {});
    const listed = async () =>
      ((await readJson(await browser.get('/api/connections'))) as { connections: OAuthExchangeAnswer['connection'][] })
        .connections[0];
    await expect.poll(async () => (await listed())?.reconnect_reason).toBe('Reconnect Bluesky: the access was revoked');

    await connect(browser, { handle: revoked.handle, app_password: revoked.appPassword });
    expect((await listed())?.reconnect_reason).toBeNull();
  });
});
