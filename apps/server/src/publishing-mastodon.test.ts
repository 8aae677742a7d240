import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Agent } from '@agentcast/contracts/agents';
import type { Draft } from '@agentcast/contracts/drafts';
import type { TerminalPage } from '@agentcast/contracts/terminal';
import { mastodonApp, platformConnection } from '@agentcast/db/schema/connections';
import { startMastodonApiFake, type MastodonApiFake } from '@agentcast/test-fakes/mastodon-api-fake';
import { startOpenAiFake, type OpenAiFake } from '@agentcast/test-fakes/openai-server';
import { signUpVerifiedUser } from './testing/accounts.ts';
import { connectMastodon } from './testing/connect-mastodon.ts';
import { validAgent } from './testing/fixtures.ts';
import { readJson, type HttpClient } from './testing/http-client.ts';
import { startTestServer, type TestServer } from './testing/start-test-server.ts';

let llm: OpenAiFake;
let mastodon: MastodonApiFake;
let server: TestServer;

beforeAll(async () => {
  llm = await startOpenAiFake();
  llm.defaultReply = { content: 'Post number {n}: small models, {varied}. #AI' };
  mastodon = await startMastodonApiFake();
  server = await startTestServer({
    llm: { apiKey: 'sk-test', baseURL: llm.baseURL, timeoutMs: 5000, maxRetries: 0 },
    timeScale: 60,
  });
});
afterAll(async () => {
  await server.close();
  await llm.close();
  await mastodon.close();
});

const redirectUri = () => `${server.url}/auth/mastodon/callback`;
const start = (browser: HttpClient, body: Record<string, unknown> = {}) =>
  browser.post('/api/oauth/start', { platform: 'mastodon', redirect_uri: redirectUri(), ...body });

const connect = (browser: HttpClient, accountId: string) => connectMastodon(server, browser, mastodon, accountId);

const postTo = async (browser: HttpClient, fields: Record<string, unknown> = {}) =>
  (await readJson(
    await browser.post(
      '/api/agents',
      validAgent({
        activities: ['post'],
        post_configuration: { topics: ['AI'], clients: ['terminal', 'mastodon'] },
        ...fields,
      }),
    ),
  )) as Agent;
const delivery = async (browser: HttpClient, agentId: string) =>
  (
    (await readJson(await browser.get(`/api/terminal?agent_id=${agentId}`))) as TerminalPage
  ).messages[0]?.deliveries.find((item) => item.platform === 'mastodon');

describe('connecting Mastodon on the person’s own instance', () => {
  it('registers this server on the instance once, then connects by its OAuth window and names the account', async () => {
    const alice = mastodon.addAccount({ username: 'alice' });
    const bob = mastodon.addAccount({ username: 'bob' });
    const first = (await signUpVerifiedUser(server)).browser;
    const { connection } = await connect(first, alice.id);
    const host = new URL(mastodon.baseUrl).host;
    expect(connection).toMatchObject({
      platform: 'mastodon',
      account_id: alice.id,
      display_name: `@alice@${host}`,
      handle: `alice@${host}`,
      service_url: mastodon.baseUrl,
    });
    expect(mastodon.apps).toHaveLength(1);
    expect(mastodon.apps[0]).toMatchObject({
      name: 'Agentcast',
      redirectUris: [redirectUri()],
      scopes: ['read:accounts', 'read:statuses', 'read:notifications', 'write:statuses', 'write:media'],
      website: server.url,
    });

    // A second person on the same instance: the same app, no second registration; the token is sealed.
    const second = (await signUpVerifiedUser(server)).browser;
    await connect(second, bob.id);
    expect(mastodon.apps).toHaveLength(1);
    expect(await server.database.db.select().from(mastodonApp)).toHaveLength(1);
    const [row] = await server.database.db
      .select()
      .from(platformConnection)
      .where(eq(platformConnection.accountId, bob.id));
    expect(JSON.stringify(row)).not.toContain(bob.token);
    expect(JSON.stringify(await server.database.db.select().from(mastodonApp))).not.toContain(
      mastodon.apps[0]?.clientSecret,
    );
  });

  it('says what is wrong with the instance in a 400 on its field, before anything is registered', async () => {
    const browser = (await signUpVerifiedUser(server)).browser;
    const missing = await start(browser);
    expect(missing.status).toBe(400);
    expect(await readJson(missing)).toMatchObject({
      fieldErrors: { instance: ['Enter your Mastodon instance, such as mastodon.social'] },
    });
    const nonsense = await start(browser, { instance: 'not a host at all' });
    expect(nonsense.status).toBe(400);
    expect(JSON.stringify(await readJson(nonsense))).toContain('Enter the instance’s address');

    const production = await startTestServer({ isProduction: true, allowPrivateTargets: false });
    try {
      const local = await (
        await signUpVerifiedUser(production)
      ).browser.post('/api/oauth/start', {
        platform: 'mastodon',
        redirect_uri: `${production.url}/auth/mastodon/callback`,
        instance: 'http://127.0.0.2:9',
      });
      expect(local.status).toBe(400);
      expect(await readJson(local)).toMatchObject({
        fieldErrors: { instance: ['The server address must start with https://.'] },
      });
    } finally {
      await production.close();
    }
  });

  it('disconnecting revokes the token on its instance', async () => {
    const carol = mastodon.addAccount({ username: 'carol' });
    const browser = (await signUpVerifiedUser(server)).browser;
    const { connection } = await connect(browser, carol.id);
    const [row] = await server.database.db
      .select()
      .from(platformConnection)
      .where(eq(platformConnection.id, connection.id));
    expect(row).toBeDefined();
    const removed = await browser.delete(`/api/connections/${connection.id}`);
    expect(await readJson(removed)).toEqual({ success: true, revoked: true });
    expect(mastodon.revokedTokens).toHaveLength(1);
  });
});

describe('publishing to Mastodon', () => {
  it('posts a triggered run once with an idempotency key, links it, and takes it back on request', async () => {
    const dave = mastodon.addAccount({ username: 'dave' });
    const browser = (await signUpVerifiedUser(server)).browser;
    await connect(browser, dave.id);
    const agent = await postTo(browser);
    await browser.post(`/api/agents/${agent.id}/trigger`, {});
    await expect.poll(async () => (await delivery(browser, agent.id))?.status, { timeout: 30_000 }).toBe('posted');
    const posted = mastodon.statuses.filter((status) => status.accountId === dave.id);
    expect(posted).toHaveLength(1);
    expect(posted[0]?.text).toContain('small models');
    expect(mastodon.requestsTo('POST /api/v1/statuses').at(-1)?.headers['idempotency-key']).toMatch(/.+/);
    expect((await delivery(browser, agent.id))?.url).toBe(`${mastodon.baseUrl}/@dave/${posted[0]?.id}`);

    const entry = ((await readJson(await browser.get(`/api/terminal?agent_id=${agent.id}`))) as TerminalPage)
      .messages[0]!;
    expect((await browser.delete(`/api/terminal/${entry.message_id}/posts/mastodon`)).status).toBe(200);
    await expect.poll(() => mastodon.statuses.filter((status) => status.accountId === dave.id).length).toBe(0);
  });

  it('with review on, nothing reaches Mastodon until the draft is approved; threads on, a long text is a reply chain', async () => {
    const erin = mastodon.addAccount({ username: 'erin' });
    const browser = (await signUpVerifiedUser(server)).browser;
    await connect(browser, erin.id);
    const long = Array.from(
      { length: 12 },
      (_, index) => `Point ${index + 1}: ${'small models win '.repeat(4).trim()}.`,
    ).join(' ');
    llm.defaultReply = { content: long };
    try {
      const agent = await postTo(browser, { review_before_posting: true, x_threads: true });
      await browser.post(`/api/agents/${agent.id}/trigger`, {});
      const drafts = async () =>
        ((await readJson(await browser.get('/api/drafts'))) as { drafts: Draft[] }).drafts.filter(
          (draft) => draft.agent.id === agent.id,
        );
      await expect.poll(async () => (await drafts()).length).toBe(1);
      expect(mastodon.statuses.filter((status) => status.accountId === erin.id)).toHaveLength(0);
      const [draft] = await drafts();
      expect((await browser.post('/api/drafts/approve', { ids: [draft!.id] })).status).toBe(200);
      await expect.poll(async () => (await delivery(browser, agent.id))?.status, { timeout: 30_000 }).toBe('posted');
    } finally {
      llm.defaultReply = { content: 'Post number {n}: small models, {varied}. #AI' };
    }
    const chain = mastodon.statuses.filter((status) => status.accountId === erin.id);
    expect(chain.length).toBeGreaterThan(1);
    chain.forEach((status, index) => {
      expect(status.text.length).toBeLessThanOrEqual(500);
      expect(status.text.endsWith(` ${index + 1}/${chain.length}`)).toBe(true);
      expect(status.inReplyToId).toBe(index === 0 ? null : chain[index - 1]?.id);
    });
  });

  it('a thread is split to the account’s own instance’s limit; without threads a text over it fails saying so', async () => {
    const small = await startMastodonApiFake();
    small.settings.maxCharacters = 200;
    const text = Array.from({ length: 5 }, (_, index) => `Point ${index + 1}: small models keep winning.`).join(' ');
    llm.defaultReply = { content: `${text} ${text}` };
    try {
      const threaded = (await signUpVerifiedUser(server)).browser;
      const frank = small.addAccount({ username: 'frank' });
      await connectMastodon(server, threaded, small, frank.id);
      const withThreads = await postTo(threaded, { x_threads: true });
      await threaded.post(`/api/agents/${withThreads.id}/trigger`, {});
      await expect.poll(async () => (await delivery(threaded, withThreads.id))?.status).toBe('posted');
      const chain = small.statuses.filter((status) => status.accountId === frank.id);
      expect(chain.length).toBeGreaterThan(1);
      chain.forEach((status, index) => {
        expect(status.text.length).toBeLessThanOrEqual(200);
        expect(status.text.endsWith(` ${index + 1}/${chain.length}`)).toBe(true);
      });

      const single = (await signUpVerifiedUser(server)).browser;
      const gina = small.addAccount({ username: 'gina' });
      await connectMastodon(server, single, small, gina.id);
      const withoutThreads = await postTo(single);
      await single.post(`/api/agents/${withoutThreads.id}/trigger`, {});
      await expect.poll(async () => (await delivery(single, withoutThreads.id))?.status).toBe('failed');
      expect((await delivery(single, withoutThreads.id))?.error).toMatch(
        new RegExp(
          `^The text is \\d+ characters as Mastodon counts them \\(each link as 23\\); ${new URL(small.baseUrl).host} takes at most 200\\.$`,
        ),
      );
      expect(small.statuses.filter((status) => status.accountId === gina.id)).toHaveLength(0);
    } finally {
      llm.defaultReply = { content: 'Post number {n}: small models, {varied}. #AI' };
      await small.close();
    }
  });
});
