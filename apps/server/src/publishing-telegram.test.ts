import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Agent } from '@agentcast/contracts/agents';
import type { OAuthExchangeAnswer } from '@agentcast/contracts/connections';
import type { Draft } from '@agentcast/contracts/drafts';
import { PUBLISHING_MESSAGES } from '@agentcast/contracts/publishing';
import type { TerminalMessage, TerminalPage } from '@agentcast/contracts/terminal';
import { platformConnection } from '@agentcast/db/schema/connections';
import { startOpenAiFake, type OpenAiFake } from '@agentcast/test-fakes/openai-server';
import {
  startTelegramApiFake,
  TELEGRAM_ROUTES,
  type TelegramApiFake,
  type TelegramFakeBot,
  type TelegramFakeChat,
} from '@agentcast/test-fakes/telegram-api-fake';
import { TELEGRAM_MAY_NOT_POST } from '@agentcast/core/integrations/platforms/telegram/telegram-platform-error';
import { signUpVerifiedUser } from './testing/accounts.ts';
import { validAgent } from './testing/fixtures.ts';
import { readJson, type HttpClient } from './testing/http-client.ts';
import { startTestServer, type TestServer } from './testing/start-test-server.ts';

let llm: OpenAiFake;
let telegram: TelegramApiFake;
let server: TestServer;
let owner: HttpClient;
let bot: TelegramFakeBot;
let channel: TelegramFakeChat;

beforeAll(async () => {
  llm = await startOpenAiFake();
  llm.defaultReply = { content: 'Post number {n}: small models <and> big data, {varied}. #AI' };
  telegram = await startTelegramApiFake();
  server = await startTestServer({
    llm: { apiKey: 'sk-test', baseURL: llm.baseURL, timeoutMs: 5000, maxRetries: 0 },
    platformApis: { telegramBaseUrl: telegram.baseUrl, timeoutMs: 5000 },
    timeScale: 60,
  });
  owner = (await signUpVerifiedUser(server)).browser;
  bot = telegram.addBot({ username: 'agentcast_news_bot' });
  channel = telegram.addChat({ type: 'channel', title: 'Launch news', username: 'launch_news' });
  telegram.setMember(channel.id, bot.id, { status: 'administrator', can_post_messages: true });
});
afterAll(async () => {
  await server.close();
  await llm.close();
  await telegram.close();
});

const connect = (browser: HttpClient, body: Record<string, unknown>) =>
  browser.post('/api/connections/credentials', { platform: 'telegram', ...body });
const telegramAgent = async (browser: HttpClient, fields: Parameters<typeof validAgent>[0] = {}) =>
  (await readJson(
    await browser.post(
      '/api/agents',
      validAgent({
        activities: ['post'],
        post_configuration: { topics: ['AI'], clients: ['terminal', 'telegram'] },
        ...fields,
      }),
    ),
  )) as Agent;
const newestEntry = async (browser: HttpClient, agentId: string) =>
  ((await readJson(await browser.get(`/api/terminal?agent_id=${agentId}`))) as TerminalPage).messages[0];
const telegramDelivery = async (browser: HttpClient, agentId: string) =>
  (await newestEntry(browser, agentId))?.deliveries.find((item) => item.platform === 'telegram');
const messagesIn = (chatId: string) => telegram.messages.filter((message) => message.chatId === chatId);

describe('connecting Telegram with a bot token and a channel', () => {
  it('checks the bot’s rights in the channel, keeps the token sealed, and names the channel', async () => {
    const response = await connect(owner, { bot_token: bot.token, chat: '@launch_news' });
    expect(response.status).toBe(200);
    const { connection } = (await readJson(response)) as OAuthExchangeAnswer;
    expect(connection).toMatchObject({
      platform: 'telegram',
      account_id: channel.id,
      display_name: 'Launch news (by @agentcast_news_bot)',
      handle: 'launch_news',
    });
    expect(JSON.stringify(connection)).not.toContain(bot.token);
    const [row] = await server.database.db
      .select()
      .from(platformConnection)
      .where(eq(platformConnection.id, connection.id));
    expect(JSON.stringify(row)).not.toContain(bot.token.split(':')[1]);
  });

  it('answers a 400 on the field at fault: a token Telegram refuses, a bot that may not post, a missing field', async () => {
    const wrongToken = await connect(owner, { bot_token: `${bot.id}:AA${'x'.repeat(33)}`, chat: '@launch_news' });
    expect(wrongToken.status).toBe(400);
    expect(await readJson(wrongToken)).toMatchObject({
      fieldErrors: { bot_token: [expect.stringContaining('Telegram does not accept this bot token')] },
    });

    const group = telegram.addChat({ type: 'supergroup', title: 'Readers' });
    telegram.setMember(group.id, bot.id, { status: 'member' });
    const member = await connect(owner, { bot_token: bot.token, chat: group.id });
    expect(member.status).toBe(400);
    expect(await readJson(member)).toMatchObject({
      fieldErrors: {
        chat: [
          '@agentcast_news_bot is not an administrator of “Readers”: add it as an administrator allowed to post messages, then connect again.',
        ],
      },
    });

    const missing = await connect(owner, { bot_token: bot.token });
    expect(missing.status).toBe(400);
    expect(JSON.stringify(await readJson(missing))).toContain('Enter the channel or group');
  });
});

describe('publishing to Telegram', () => {
  it('posts a triggered run once, its text escaped for HTML, links it, and deletes it on request', async () => {
    const agent = await telegramAgent(owner);
    const { data } = (await readJson(await owner.post(`/api/agents/${agent.id}/trigger`, {}))) as {
      data: TerminalMessage;
    };
    await expect
      .poll(async () => (await telegramDelivery(owner, agent.id))?.status, { timeout: 30_000 })
      .toBe('posted');
    const [message] = messagesIn(channel.id);
    expect(messagesIn(channel.id)).toHaveLength(1);
    // The fake parses the HTML as Telegram does: the reader sees the text exactly as written, "<and>" included.
    expect(message?.text).toBe(data.tweet_content);
    expect((await telegramDelivery(owner, agent.id))?.url).toBe(`https://t.me/launch_news/${message?.messageId}`);

    const entry = (await newestEntry(owner, agent.id))!;
    expect((await owner.delete(`/api/terminal/${entry.message_id}/posts/telegram`)).status).toBe(200);
    await expect.poll(() => messagesIn(channel.id).length).toBe(0);
  });

  it('with review on, nothing reaches Telegram until the draft is approved', async () => {
    const agent = await telegramAgent(owner, { review_before_posting: true });
    const before = telegram.messages.length;
    await owner.post(`/api/agents/${agent.id}/trigger`, {});
    const drafts = async () => ((await readJson(await owner.get('/api/drafts'))) as { drafts: Draft[] }).drafts;
    await expect.poll(async () => (await drafts()).filter((draft) => draft.agent.id === agent.id).length).toBe(1);
    expect(telegram.messages.length).toBe(before);
    const [draft] = (await drafts()).filter((item) => item.agent.id === agent.id);
    expect((await owner.post('/api/drafts/approve', { ids: [draft!.id] })).status).toBe(200);
    await expect
      .poll(async () => (await telegramDelivery(owner, agent.id))?.status, { timeout: 30_000 })
      .toBe('posted');
    expect(telegram.messages.length).toBe(before + 1);
  });

  it('a lost answer asks the person to look instead of posting again', async () => {
    // Another person (the owner has used the Starter plan's posts of the day), with a channel of their own.
    const browser = (await signUpVerifiedUser(server)).browser;
    const own = telegram.addChat({ type: 'channel', title: 'Lost and found', username: 'lost_found' });
    telegram.setMember(own.id, bot.id, { status: 'administrator', can_post_messages: true });
    await connect(browser, { bot_token: bot.token, chat: '@lost_found' });
    const agent = await telegramAgent(browser);
    telegram.dropNext(TELEGRAM_ROUTES.sendMessage, { afterAccept: true });
    await browser.post(`/api/agents/${agent.id}/trigger`, {});
    await expect
      .poll(async () => (await telegramDelivery(browser, agent.id))?.error, { timeout: 20_000 })
      .toBe(PUBLISHING_MESSAGES.unknownOutcomeToCheck('telegram'));
    expect(await telegramDelivery(browser, agent.id)).toMatchObject({ status: 'failed' });
    // Telegram has it, and nothing sent it again.
    expect(messagesIn(own.id)).toHaveLength(1);
  });

  it('a bot removed from the channel says in the terminal what to change in Telegram', async () => {
    const removedFrom = telegram.addChat({ type: 'channel', title: 'Gone', username: 'gone_channel' });
    telegram.setMember(removedFrom.id, bot.id, { status: 'administrator', can_post_messages: true });
    const browser = (await signUpVerifiedUser(server)).browser;
    await connect(browser, { bot_token: bot.token, chat: removedFrom.id });
    telegram.setMember(removedFrom.id, bot.id, { status: 'left' });
    const agent = await telegramAgent(browser);
    await browser.post(`/api/agents/${agent.id}/trigger`, {});
    await expect
      .poll(async () => (await telegramDelivery(browser, agent.id))?.status, { timeout: 30_000 })
      .toBe('failed');
    expect((await telegramDelivery(browser, agent.id))?.error).toContain(TELEGRAM_MAY_NOT_POST);
  });
});
