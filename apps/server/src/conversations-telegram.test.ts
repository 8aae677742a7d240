import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Agent } from '@agentcast/contracts/agents';
import type { InboxPage } from '@agentcast/contracts/inbox';
import { startOpenAiFake, type OpenAiFake } from '@agentcast/test-fakes/openai-server';
import {
  startTelegramApiFake,
  TELEGRAM_ROUTES,
  type TelegramApiFake,
  type TelegramFakeBot,
  type TelegramFakeChat,
} from '@agentcast/test-fakes/telegram-api-fake';
import { signUpVerifiedUser } from './testing/accounts.ts';
import { validAgent } from './testing/fixtures.ts';
import { readJson, type HttpClient } from './testing/http-client.ts';
import { startTestServer, type TestServer } from './testing/start-test-server.ts';

let llm: OpenAiFake;
let telegram: TelegramApiFake;

beforeAll(async () => {
  llm = await startOpenAiFake();
  llm.defaultReply = { content: 'Start with a small open model, then measure. {varied}' };
  telegram = await startTelegramApiFake();
});
afterAll(async () => {
  await llm.close();
  await telegram.close();
});

const READER = { id: '91001', firstName: 'Ada', lastName: 'Reader', username: 'ada_reads' };

/** A bot posting to a channel, the channel's discussion group, and an agent answering on Telegram through it. */
const telegramAgent = async (server: TestServer, name: string) => {
  const { browser } = await signUpVerifiedUser(server);
  const bot = telegram.addBot({ username: `${name}_bot` });
  const channel = telegram.addChat({ type: 'channel', title: `${name} news`, username: `${name}_news` });
  telegram.setMember(channel.id, bot.id, { status: 'administrator', can_post_messages: true });
  const discussion = telegram.addChat({ type: 'supergroup', title: `${name} chat`, username: `${name}_chat` });
  telegram.setMember(discussion.id, bot.id, { status: 'administrator' });
  const connected = await browser.post('/api/connections/credentials', {
    platform: 'telegram',
    bot_token: bot.token,
    chat: `@${name}_news`,
  });
  expect(connected.status).toBe(200);
  const agent = (await readJson(
    await browser.post(
      '/api/agents',
      validAgent({
        name: 'Telegram Agent',
        activities: ['chat'],
        chat_configuration: { clients: ['telegram'], enabled: true, reply_to_replies: true, reply_to_usernames: [] },
      }),
    ),
  )) as Agent;
  return { browser, bot, channel, discussion, agent };
};

const inboxOf = async (browser: HttpClient) =>
  ((await readJson(await browser.get('/api/inbox?platform=telegram'))) as InboxPage).conversations.flatMap(
    (conversation) => conversation.items,
  );
const botReplies = (chat: TelegramFakeChat, bot: TelegramFakeBot) =>
  telegram.messages.filter((message) => message.chatId === chat.id && message.botId === bot.id && message.replyTo);

describe('answering people on Telegram', () => {
  it('with long polling: a private message, a mention in the group and a comment under a channel post, each once', async () => {
    const server = await startTestServer({
      llm: { apiKey: 'sk-test', baseURL: llm.baseURL, timeoutMs: 5000, maxRetries: 0 },
      platformApis: { telegramBaseUrl: telegram.baseUrl, timeoutMs: 5000 },
      timeScale: 60,
      chatPollMs: 120_000,
    });
    try {
      const { browser, bot, channel, discussion } = await telegramAgent(server, 'polled');
      const direct = telegram.addChat({ type: 'private', title: 'Ada', id: READER.id });
      await telegram.postMessage({
        chatId: direct.id,
        from: READER,
        text: 'Hi bot, which model first?',
        toBot: bot.id,
      });
      const gpus = await telegram.postMessage({
        chatId: discussion.id,
        from: READER,
        text: '@polled_bot what about GPUs?',
      });
      // The channel's post, as Telegram forwards it to the discussion group, and a comment under it.
      const forwarded = await telegram.postMessage({
        chatId: discussion.id,
        forwardedFrom: channel.id,
        text: 'Launch!',
      });
      await telegram.postMessage({
        chatId: discussion.id,
        from: READER,
        text: 'Congrats, when is v2?',
        replyTo: forwarded,
      });
      // Not addressed to the agent: left alone.
      await telegram.postMessage({ chatId: discussion.id, from: READER, text: 'Just chatting here' });

      await expect.poll(() => botReplies(discussion, bot).length, { timeout: 20_000 }).toBe(2);
      await expect.poll(() => botReplies(direct, bot).length, { timeout: 20_000 }).toBe(1);
      expect(botReplies(discussion, bot).map((message) => message.text)).toEqual([
        expect.stringContaining('Start with a small open model'),
        expect.stringContaining('Start with a small open model'),
      ]);
      const items = await inboxOf(browser);
      expect(items.map((item) => item.text).sort()).toEqual([
        '@polled_bot what about GPUs?',
        'Congrats, when is v2?',
        'Hi bot, which model first?',
      ]);
      expect(items.find((item) => item.text === 'Congrats, when is v2?')).toMatchObject({
        state: 'answered',
        author: { handle: 'ada_reads', name: 'Ada Reader', url: 'https://t.me/ada_reads' },
        url: expect.stringMatching(/^https:\/\/t\.me\/polled_chat\/\d+$/),
      });
      expect(telegram.requestsTo(TELEGRAM_ROUTES.deleteWebhook).length).toBeGreaterThan(0);
      expect(telegram.requestsTo(TELEGRAM_ROUTES.setWebhook)).toHaveLength(0);

      // Later looks find nothing new: nothing is answered twice.
      const looks = telegram.requestsTo(TELEGRAM_ROUTES.getUpdates).length;
      await expect
        .poll(() => telegram.requestsTo(TELEGRAM_ROUTES.getUpdates).length, { timeout: 20_000 })
        .toBeGreaterThan(looks + 1);
      expect(botReplies(discussion, bot)).toHaveLength(2);
      expect(botReplies(direct, bot)).toHaveLength(1);

      // A reply to the agent's answer is answered knowing what it answers.
      const answer = botReplies(discussion, bot).find((message) => message.replyTo === gpus)!;
      await telegram.postMessage({
        chatId: discussion.id,
        from: READER,
        text: 'And for training?',
        replyTo: answer.messageId,
      });
      await expect.poll(() => botReplies(discussion, bot).length, { timeout: 20_000 }).toBe(3);
      const prompt = llm.requests
        .map((request) => JSON.stringify(request.body))
        .find((body) => body.includes('And for training?'));
      expect(prompt).toContain('The conversation so far:');
      expect(prompt).toContain(`@polled_bot: ${String(answer.text)}`);
    } finally {
      await server.close();
    }
  });

  it('with a webhook: Telegram calls the server, which keeps only calls that carry its secret', async () => {
    const server = await startTestServer({
      llm: { apiKey: 'sk-test', baseURL: llm.baseURL, timeoutMs: 5000, maxRetries: 0 },
      platformApis: { telegramBaseUrl: telegram.baseUrl, timeoutMs: 5000 },
      timeScale: 60,
      chatPollMs: 120_000,
      telegramUpdates: 'webhook',
    });
    const polledBefore = telegram.requestsTo(TELEGRAM_ROUTES.getUpdates).length;
    try {
      const { browser, bot, discussion } = await telegramAgent(server, 'hooked');
      await expect
        .poll(() => telegram.webhookOf(bot.id)?.url, { timeout: 20_000 })
        .toMatch(new RegExp(`^${server.url}/api/telegram/webhook/${bot.id}_[0-9a-f]{48}$`));
      const webhook = telegram.webhookOf(bot.id)!;
      expect(webhook.secret).toBe(webhook.url.split('/').at(-1));

      // Someone else's call, without the secret or with a made-up one, is refused and kept nowhere.
      const forged = {
        update_id: 1,
        message: {
          message_id: 1,
          chat: { id: Number(discussion.id), type: 'supergroup' },
          from: { id: 1, first_name: 'Eve' },
          text: '@hooked_bot obey',
          date: 1,
        },
      };
      const unsigned = await fetch(webhook.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(forged),
      });
      expect(unsigned.status).toBe(401);
      const madeUp = `${server.url}/api/telegram/webhook/${bot.id}_${'0'.repeat(48)}`;
      const wrong = await fetch(madeUp, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-telegram-bot-api-secret-token': `${bot.id}_${'0'.repeat(48)}`,
        },
        body: JSON.stringify(forged),
      });
      expect(wrong.status).toBe(401);

      await telegram.postMessage({ chatId: discussion.id, from: READER, text: '@hooked_bot is this on?' });
      await expect.poll(() => botReplies(discussion, bot).length, { timeout: 20_000 }).toBe(1);
      expect((await inboxOf(browser)).map((item) => item.text)).toEqual(['@hooked_bot is this on?']);
      expect(telegram.requestsTo(TELEGRAM_ROUTES.getUpdates)).toHaveLength(polledBefore);
    } finally {
      await server.close();
    }
  });
});
