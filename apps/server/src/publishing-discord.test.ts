import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Agent } from '@agentcast/contracts/agents';
import type { OAuthExchangeAnswer } from '@agentcast/contracts/connections';
import type { Draft } from '@agentcast/contracts/drafts';
import { PUBLISHING_MESSAGES } from '@agentcast/contracts/publishing';
import type { TerminalMessage, TerminalPage } from '@agentcast/contracts/terminal';
import { platformConnection } from '@agentcast/db/schema/connections';
import {
  DISCORD_ROUTES,
  startDiscordApiFake,
  type DiscordApiFake,
  type DiscordFakeWebhook,
} from '@agentcast/test-fakes/discord-api-fake';
import { startOpenAiFake, type OpenAiFake } from '@agentcast/test-fakes/openai-server';
import { signUpVerifiedUser } from './testing/accounts.ts';
import { validAgent } from './testing/fixtures.ts';
import { readJson, type HttpClient } from './testing/http-client.ts';
import { startTestServer, type TestServer } from './testing/start-test-server.ts';
import type { AuditPage } from '@agentcast/contracts/audit';

let llm: OpenAiFake;
let discord: DiscordApiFake;
let server: TestServer;
let owner: HttpClient;
let webhook: DiscordFakeWebhook;

beforeAll(async () => {
  llm = await startOpenAiFake();
  llm.defaultReply = { content: 'Post number {n}: small models, {varied}. #AI @everyone' };
  discord = await startDiscordApiFake();
  server = await startTestServer({
    llm: { apiKey: 'sk-test', baseURL: llm.baseURL, timeoutMs: 5000, maxRetries: 0 },
    platformApis: { discordBaseUrl: discord.baseUrl, timeoutMs: 5000 },
    timeScale: 60,
  });
  owner = (await signUpVerifiedUser(server)).browser;
  webhook = discord.addWebhook({ name: 'Agentcast news' });
});
afterAll(async () => {
  await server.close();
  await llm.close();
  await discord.close();
});

const connect = (browser: HttpClient, body: Record<string, unknown>) =>
  browser.post('/api/connections/credentials', { platform: 'discord', ...body });
const createAgent = async (browser: HttpClient, fields: Parameters<typeof validAgent>[0]) =>
  (await readJson(await browser.post('/api/agents', validAgent({ activities: ['post'], ...fields })))) as Agent;
const discordAgent = (browser: HttpClient, fields: Parameters<typeof validAgent>[0] = {}) =>
  createAgent(browser, { post_configuration: { topics: ['AI'], clients: ['terminal', 'discord'] }, ...fields });
const newestEntry = async (browser: HttpClient, agentId: string) =>
  ((await readJson(await browser.get(`/api/terminal?agent_id=${agentId}`))) as TerminalPage).messages[0];
const discordDelivery = async (browser: HttpClient, agentId: string) =>
  (await newestEntry(browser, agentId))?.deliveries.find((item) => item.platform === 'discord');
const auditLines = async () =>
  ((await readJson(await owner.get('/api/workspace/audit?limit=100'))) as AuditPage).events;
const messagesOf = (channelId: string) => discord.messages.filter((message) => message.channelId === channelId);

describe('connecting Discord with a channel webhook', () => {
  it('checks the webhook with Discord, keeps its token sealed, and names it', async () => {
    const response = await connect(owner, { webhook_url: webhook.url.replace('/api/', '/api/v10/') });
    expect(response.status).toBe(200);
    const { connection } = (await readJson(response)) as OAuthExchangeAnswer;
    expect(connection).toMatchObject({
      platform: 'discord',
      account_id: webhook.id,
      display_name: '“Agentcast news” webhook',
      agent_id: null,
      reconnect_reason: null,
    });
    expect(JSON.stringify(connection)).not.toContain(webhook.token);
    const [row] = await server.database.db
      .select()
      .from(platformConnection)
      .where(eq(platformConnection.id, connection.id));
    expect(JSON.stringify(row)).not.toContain(webhook.token);
    // The audit log names who connected which account.
    expect(await auditLines()).toContainEqual(
      expect.objectContaining({
        action: 'connection.connected',
        actor: expect.objectContaining({ kind: 'person' }),
        subject: { id: connection.id, name: 'Discord “Agentcast news” webhook' },
      }),
    );
  });

  it('says what is wrong in a 400 on the field: not a webhook URL, a webhook Discord does not know', async () => {
    const other = await connect(owner, { webhook_url: 'https://example.com/api/webhooks/1/abc' });
    expect(other.status).toBe(400);
    expect(JSON.stringify(await readJson(other))).toContain('This is not a Discord webhook URL');
    const unknown = await connect(owner, { webhook_url: `${discord.baseUrl}/webhooks/123456789/no-such-token` });
    expect(unknown.status).toBe(400);
    expect(await readJson(unknown)).toMatchObject({
      code: 'VALIDATION_FAILED',
      fieldErrors: { webhook_url: [expect.stringContaining('Discord does not know this webhook')] },
    });
    const missing = await connect(owner, {});
    expect(missing.status).toBe(400);
    expect(JSON.stringify(await readJson(missing))).toContain('Enter the webhook URL');
  });
});

describe('publishing to Discord', () => {
  it('posts a triggered run once without pinging anyone, links it, and deletes it on request', async () => {
    const agent = await discordAgent(owner);
    const { data } = (await readJson(await owner.post(`/api/agents/${agent.id}/trigger`, {}))) as {
      data: TerminalMessage;
    };
    await expect.poll(async () => (await discordDelivery(owner, agent.id))?.status, { timeout: 30_000 }).toBe('posted');
    const [message] = messagesOf(webhook.channelId);
    expect(messagesOf(webhook.channelId)).toHaveLength(1);
    expect(message).toMatchObject({ content: data.tweet_content, allowedMentions: { parse: [] } });
    expect((await discordDelivery(owner, agent.id))?.url).toBe(
      `https://discord.com/channels/${webhook.guildId}/${webhook.channelId}/${message?.id}`,
    );

    const entry = (await newestEntry(owner, agent.id))!;
    expect((await owner.delete(`/api/terminal/${entry.message_id}/posts/discord`)).status).toBe(200);
    await expect.poll(() => messagesOf(webhook.channelId).length).toBe(0);
    // The audit log: the agent published it, the person deleted it.
    const lines = (await auditLines()).filter((line) => line.detail?.endsWith(`/${message?.id}`));
    expect(lines.map((line) => [line.action, line.actor.kind, line.actor.name])).toEqual([
      ['post.deleted', 'person', expect.any(String)],
      ['post.published', 'agent', agent.name],
    ]);
  });

  it('with review on, nothing reaches Discord until the draft is approved', async () => {
    const agent = await discordAgent(owner, { review_before_posting: true });
    const before = discord.messages.length;
    await owner.post(`/api/agents/${agent.id}/trigger`, {});
    const drafts = async () => ((await readJson(await owner.get('/api/drafts'))) as { drafts: Draft[] }).drafts;
    await expect.poll(async () => (await drafts()).filter((draft) => draft.agent.id === agent.id).length).toBe(1);
    expect(discord.messages.length).toBe(before);
    const [draft] = (await drafts()).filter((item) => item.agent.id === agent.id);
    expect((await owner.post('/api/drafts/approve', { ids: [draft!.id] })).status).toBe(200);
    await expect.poll(async () => (await discordDelivery(owner, agent.id))?.status, { timeout: 30_000 }).toBe('posted');
    expect(discord.messages.length).toBe(before + 1);
  });

  it('a lost answer is never resent on its own: the person is asked to look, then "Post again" sends it', async () => {
    const lost = discord.addWebhook();
    const browser = (await signUpVerifiedUser(server)).browser;
    await connect(browser, { webhook_url: lost.url });
    const agent = await discordAgent(browser);
    discord.dropNext(DISCORD_ROUTES.execute, { afterAccept: true });
    await browser.post(`/api/agents/${agent.id}/trigger`, {});

    await expect
      .poll(async () => (await discordDelivery(browser, agent.id))?.error, { timeout: 30_000 })
      .toBe(PUBLISHING_MESSAGES.unknownOutcomeToCheck('discord'));
    expect(await discordDelivery(browser, agent.id)).toMatchObject({ status: 'failed' });
    // Discord got it, and nothing sent it again.
    expect(messagesOf(lost.channelId)).toHaveLength(1);
    expect(discord.requestsTo(DISCORD_ROUTES.execute).filter((request) => request.path.includes(lost.id))).toHaveLength(
      1,
    );

    // The person looked, and chose to post it again (here: the copy they deleted by hand).
    discord.messages.splice(discord.messages.indexOf(messagesOf(lost.channelId)[0]!), 1);
    const entry = (await newestEntry(browser, agent.id))!;
    const again = await browser.post(`/api/terminal/${entry.message_id}/posts/discord/retry`, {});
    expect(again.status).toBe(200);
    await expect
      .poll(async () => (await discordDelivery(browser, agent.id))?.status, { timeout: 30_000 })
      .toBe('posted');
    expect(messagesOf(lost.channelId)).toHaveLength(1);
  });

  it('a webhook deleted in Discord marks the connection "Reconnect needed" and says so in the terminal', async () => {
    const doomed = discord.addWebhook();
    const browser = (await signUpVerifiedUser(server)).browser;
    await connect(browser, { webhook_url: doomed.url });
    discord.deleteWebhook(doomed.id);
    const agent = await discordAgent(browser);
    await browser.post(`/api/agents/${agent.id}/trigger`, {});
    await expect
      .poll(async () => (await discordDelivery(browser, agent.id))?.status, { timeout: 30_000 })
      .toBe('failed');
    expect((await discordDelivery(browser, agent.id))?.error).toContain('Connect Discord again with a new webhook URL');
    const listed = (await readJson(await browser.get('/api/connections'))) as {
      connections: OAuthExchangeAnswer['connection'][];
    };
    expect(listed.connections[0]?.reconnect_reason).toContain('Connect Discord again');
  });
});
