import { randomBytes } from 'node:crypto';
import { STATUS_CODES } from 'node:http';
import { startPlatformFakeServer, type FakeReply, type RecordedRequest, type Route } from './platform-fake-kit.ts';
import { paramsOf, parseHtml } from './telegram-fake-params.ts';
import { createTelegramFakeUpdates, mentionEntities, type TelegramFakePerson } from './telegram-fake-updates.ts';
import type {
  TelegramApiFake,
  TelegramFakeBot,
  TelegramFakeChat,
  TelegramFakeMember,
  TelegramFakeMessage,
} from './telegram-fake-types.ts';

export type * from './telegram-fake-types.ts';

const METHODS = [
  'getMe',
  'getChat',
  'getChatMember',
  'sendMessage',
  'sendPhoto',
  'sendVideo',
  'sendMediaGroup',
  'deleteMessages',
  'getUpdates',
  'setWebhook',
  'deleteWebhook',
] as const;
type TelegramMethod = (typeof METHODS)[number];
/** Methods about the bot itself, not a chat. */
type BotMethod = 'getMe' | 'getUpdates' | 'setWebhook' | 'deleteWebhook';

/** The route of each Bot API method, for requestsTo and failNext: `POST /bot{token}/{method}`. */
export const TELEGRAM_ROUTES = Object.fromEntries(METHODS.map((method) => [method, `POST /:bot/${method}`])) as {
  [method in TelegramMethod]: string;
};

/** Telegram's error answer. */
export const telegramError = (
  status: number,
  description: string,
  parameters?: { retry_after?: number; migrate_to_chat_id?: number },
): FakeReply => ({
  status,
  json: { ok: false, error_code: status, description, ...(parameters && { parameters }) },
});
const badRequest = (description: string) => telegramError(400, `Bad Request: ${description}`);
const ok = (result: unknown): FakeReply => ({ status: 200, json: { ok: true, result } });

const SCRIPTED: Record<number, string> = {
  400: 'Bad Request: chat not found',
  401: 'Unauthorized',
  403: 'Forbidden: bot is not a member of the channel chat',
  404: 'Not Found',
};
const rateLimited = (seconds: number): FakeReply => ({
  ...telegramError(429, `Too Many Requests: retry after ${seconds}`, { retry_after: seconds }),
  headers: { 'retry-after': String(seconds) },
});

const MAX_PHOTO_BYTES = 10 * 1024 * 1024;
const MAX_FILE_BYTES = 50 * 1024 * 1024;
const FORTY_EIGHT_HOURS_MS = 48 * 60 * 60 * 1000;

/**
 * Telegram's Bot API as Agentcast uses it, on loopback: a bot's getMe, getChat and getChatMember; sending a text,
 * a photo, a video or an album to a channel or group (JSON, or multipart with the files); deleting the bot's
 * messages. Tokens, chats, rights and the 48-hour delete window are enforced, and refusals are worded as Telegram
 * words them.
 */
export const startTelegramApiFake = async (): Promise<TelegramApiFake> => {
  const bots = new Map<string, TelegramFakeBot>();
  const chats = new Map<string, TelegramFakeChat>();
  const members = new Map<string, TelegramFakeMember>();
  const messages: TelegramFakeMessage[] = [];
  const nextMessageId = new Map<string, number>();
  let counter = 0;
  let mediaGroups = 0;

  const updates = createTelegramFakeUpdates();
  const memberOf = (chat: TelegramFakeChat, botId: string) => members.get(`${chat.id}/${botId}`) ?? { status: 'left' };
  const findChat = (value: unknown) => {
    const written = String(value ?? '');
    if (written.startsWith('@'))
      return [...chats.values()].find((chat) => chat.username?.toLowerCase() === written.slice(1).toLowerCase());
    return chats.get(written);
  };
  const chatObject = (chat: TelegramFakeChat) => ({
    id: Number(chat.id),
    type: chat.type,
    ...(chat.type === 'private' ? { first_name: chat.title } : { title: chat.title }),
    ...(chat.username && { username: chat.username }),
  });
  const userObject = (bot: TelegramFakeBot) => ({
    id: Number(bot.id),
    is_bot: true,
    first_name: bot.username,
    username: bot.username,
  });

  const personObject = (person: TelegramFakePerson) => ({
    id: Number(person.id),
    is_bot: false,
    first_name: person.firstName,
    ...(person.lastName && { last_name: person.lastName }),
    ...(person.username && { username: person.username }),
  });

  /** Why the bot may not send to the chat, in Telegram's words; undefined when it may. */
  const refusalToPost = (chat: TelegramFakeChat, bot: TelegramFakeBot) => {
    if (chat.type === 'private') return undefined;
    const member = memberOf(chat, bot.id);
    if (member.status === 'kicked') return telegramError(403, `Forbidden: bot was kicked from the ${chat.type} chat`);
    if (member.status === 'left') return telegramError(403, `Forbidden: bot is not a member of the ${chat.type} chat`);
    if (chat.type !== 'channel' || member.status === 'creator') return undefined;
    if (member.status === 'administrator' && member.can_post_messages) return undefined;
    return badRequest('need administrator rights in the channel chat');
  };

  const messageObject = (message: TelegramFakeMessage, chat: TelegramFakeChat, bot: TelegramFakeBot): unknown => {
    const replied = messages.find((other) => other.chatId === chat.id && other.messageId === message.replyTo);
    const size = message.media?.bytes.length ?? 0;
    const fileId = `AgAC${randomBytes(12).toString('base64url')}`;
    const file = { file_id: fileId, file_unique_id: fileId.slice(0, 15), width: 1200, height: 676, file_size: size };
    return {
      message_id: message.messageId,
      ...(message.from
        ? { from: personObject(message.from) }
        : message.forwardedFrom
          ? { sender_chat: chatObject(chats.get(message.forwardedFrom)!), is_automatic_forward: true }
          : chat.type === 'channel'
            ? { sender_chat: chatObject(chat) }
            : { from: userObject(bot) }),
      ...(message.text !== undefined && message.from && { entities: mentionEntities(message.text) }),
      chat: chatObject(chat),
      date: Math.floor(message.date.getTime() / 1000),
      ...(message.mediaGroupId && { media_group_id: message.mediaGroupId }),
      ...(replied && { reply_to_message: messageObject(replied, chat, bot) }),
      ...(message.text !== undefined && { text: message.text }),
      ...(message.media?.kind === 'photo' && { photo: [file] }),
      ...(message.media?.kind === 'video' && {
        video: { ...file, duration: 8, mime_type: message.media.contentType },
      }),
      ...(message.caption !== undefined && { caption: message.caption }),
    };
  };

  type Sending = { chat: TelegramFakeChat; bot: TelegramFakeBot; params: Record<string, unknown> };
  type Item = { text?: string; caption?: string; media?: TelegramFakeMessage['media']; mediaGroupId?: string };

  /** Checks what every send checks, then keeps the messages and answers them. */
  const send = (context: Sending, items: Item[], single: boolean): FakeReply => {
    const { chat, bot, params } = context;
    const reply = params.reply_parameters as { message_id?: unknown } | undefined;
    if (reply && !messages.some((message) => message.chatId === chat.id && message.messageId === reply.message_id))
      return badRequest('message to be replied not found');
    const parseMode = typeof params.parse_mode === 'string' ? params.parse_mode : undefined;
    const shown: Item[] = [];
    for (const item of items) {
      const written = item.text ?? item.caption;
      const parsed = written !== undefined && parseMode === 'HTML' ? parseHtml(written) : { text: written };
      if ('error' in parsed) return badRequest(parsed.error);
      if (item.text !== undefined && !parsed.text?.trim()) return badRequest('message text is empty');
      if (item.text !== undefined && (parsed.text?.length ?? 0) > 4096) return badRequest('message is too long');
      if (item.caption !== undefined && (parsed.text?.length ?? 0) > 1024)
        return badRequest('message caption is too long');
      shown.push(item.text !== undefined ? { ...item, text: parsed.text } : { ...item, caption: parsed.text });
    }
    const sent = shown.map((item) => {
      const messageId = nextMessageId.get(chat.id) ?? 1;
      nextMessageId.set(chat.id, messageId + 1);
      const message: TelegramFakeMessage = {
        chatId: chat.id,
        messageId,
        botId: bot.id,
        ...item,
        ...(parseMode && { parseMode }),
        ...(typeof reply?.message_id === 'number' && { replyTo: reply.message_id }),
        date: new Date(),
      };
      messages.push(message);
      return messageObject(message, chat, bot);
    });
    return ok(single ? sent[0] : sent);
  };

  const fileOf = (request: RecordedRequest, field: string, kind: 'photo' | 'video') => {
    const part = request.parts?.find((candidate) => candidate.name === field && candidate.bytes);
    return part?.bytes
      ? { kind, bytes: part.bytes, contentType: part.contentType, filename: part.filename }
      : undefined;
  };
  const tooBig = (media: NonNullable<Item['media']>) =>
    media.bytes.length > (media.kind === 'photo' ? MAX_PHOTO_BYTES : MAX_FILE_BYTES);
  const captionOf = (value: unknown) => (typeof value === 'string' ? value : undefined);

  const sendOne = (kind: 'photo' | 'video') => (context: Sending, request: RecordedRequest) => {
    const media = fileOf(request, kind, kind);
    if (!media) return badRequest(`there is no ${kind} in the request`);
    if (tooBig(media)) return telegramError(413, 'Request Entity Too Large');
    return send(context, [{ media, caption: captionOf(context.params.caption) }], true);
  };

  const handlers: Record<
    Exclude<TelegramMethod, BotMethod>,
    (context: Sending, request: RecordedRequest) => FakeReply
  > = {
    getChat: ({ chat }) => ok(chatObject(chat)),
    getChatMember: ({ chat, params }) => {
      const bot = bots.get(String(params.user_id ?? ''));
      if (!bot) return badRequest('user not found');
      const { status, can_post_messages } = memberOf(chat, bot.id);
      const rights = { can_be_edited: false, is_anonymous: false, can_manage_chat: true, can_delete_messages: true };
      return ok({
        user: userObject(bot),
        status,
        ...(status === 'administrator' && rights),
        ...(status === 'administrator' && chat.type === 'channel' && { can_post_messages: can_post_messages === true }),
      });
    },
    sendMessage: (context) => {
      const { text } = context.params;
      if (typeof text !== 'string') return badRequest('message text is empty');
      return send(context, [{ text }], true);
    },
    sendPhoto: sendOne('photo'),
    sendVideo: sendOne('video'),
    sendMediaGroup: (context, request) => {
      const items = Array.isArray(context.params.media) ? (context.params.media as Record<string, unknown>[]) : [];
      if (items.length < 2 || items.length > 10) return badRequest('wrong number of messages in the media group');
      const mediaGroupId = String(13_000_000_000_000 + (mediaGroups += 1));
      const media: Item[] = [];
      for (const item of items) {
        const kind = item.type === 'video' ? 'video' : 'photo';
        const attached = /^attach:\/\/(.+)$/.exec(String(item.media ?? ''))?.[1];
        const file = attached ? fileOf(request, attached, kind) : undefined;
        if (!file) return badRequest('wrong file identifier/HTTP URL specified');
        if (tooBig(file)) return telegramError(413, 'Request Entity Too Large');
        media.push({ media: file, caption: captionOf(item.caption), mediaGroupId });
      }
      const parseMode = items[0]?.parse_mode;
      return send({ ...context, params: { ...context.params, parse_mode: parseMode } }, media, false);
    },
    deleteMessages: ({ chat, bot, params }) => {
      const ids = Array.isArray(params.message_ids) ? (params.message_ids as unknown[]) : [];
      if (ids.length === 0 || ids.length > 100) return badRequest('message identifiers are not specified');
      const member = memberOf(chat, bot.id);
      if (member.status === 'left' || member.status === 'kicked')
        return refusalToPost(chat, bot) ?? badRequest('chat not found');
      const found = messages.filter((message) => message.chatId === chat.id && ids.includes(message.messageId));
      const tooOld = (message: TelegramFakeMessage) => Date.now() - message.date.getTime() >= FORTY_EIGHT_HOURS_MS;
      if (found.some((message) => message.botId !== bot.id || tooOld(message)))
        return badRequest("message can't be deleted");
      for (const message of found) messages.splice(messages.indexOf(message), 1);
      return ok(true);
    },
  };

  /** Every method: the token in the path, then (for all but getMe) the chat the call names. */
  const handle =
    (method: TelegramMethod) => (context: { request: RecordedRequest; params: Record<string, string> }) => {
      const segment = context.params.bot ?? '';
      const token = segment.startsWith('bot') ? segment.slice(3) : '';
      // Telegram answers a path without a well-formed token as it answers an unknown method.
      if (!/^\d+:[\w-]+$/.test(token)) return telegramError(404, 'Not Found');
      const bot = [...bots.values()].find((candidate) => candidate.token === token);
      if (!bot) return telegramError(401, 'Unauthorized');
      const params = paramsOf(context.request);
      if (method === 'getMe') return ok({ ...userObject(bot), can_join_groups: true, supports_inline_queries: false });
      if (method === 'getUpdates' || method === 'setWebhook') return updates[method](bot.id, params);
      if (method === 'deleteWebhook') return updates.deleteWebhook(bot.id);
      const chat = findChat(params.chat_id);
      // A private channel or group shows itself only to its members.
      const hidden =
        chat && !chat.username && chat.type !== 'private' && ['left', 'kicked'].includes(memberOf(chat, bot.id).status);
      if (!chat || hidden) return badRequest('chat not found');
      const sending = { chat, bot, params };
      if (method.startsWith('send')) {
        const refusal = refusalToPost(chat, bot);
        if (refusal) return refusal;
      }
      return handlers[method](sending, context.request);
    };

  const postMessage: TelegramApiFake['postMessage'] = async ({ chatId, text, from, forwardedFrom, replyTo, toBot }) => {
    const chat = chats.get(chatId);
    if (!chat) throw new Error(`The fake has no chat ${chatId}.`);
    const messageId = nextMessageId.get(chat.id) ?? 1;
    nextMessageId.set(chat.id, messageId + 1);
    const message: TelegramFakeMessage = {
      chatId,
      messageId,
      botId: '',
      text,
      from,
      forwardedFrom,
      replyTo,
      date: new Date(),
    };
    messages.push(message);
    const receivers = toBot
      ? [toBot]
      : [...bots.keys()].filter((botId) => !['left', 'kicked'].includes(memberOf(chat, botId).status));
    const any = bots.get(receivers[0] ?? '');
    if (any) await updates.deliver(receivers, messageObject(message, chat, any));
    return messageId;
  };

  const routes: Route[] = [
    ...METHODS.map((method) => ({ method: 'POST', pattern: `/:bot/${method}`, handle: handle(method) })),
    // Not Telegram's: someone writes, and what a chat holds, for browser tests that run in another process.
    {
      method: 'POST',
      pattern: '/__fake/messages',
      handle: async ({ request }) => {
        const body = request.json as Parameters<TelegramApiFake['postMessage']>[0];
        return { status: 200, json: { messageId: await postMessage(body) } };
      },
    },
    {
      method: 'GET',
      pattern: '/__fake/chats/:chatId/messages',
      handle: ({ params }) => ({
        status: 200,
        json: messages
          .filter((message) => message.chatId === params.chatId)
          .map(({ messageId, text, caption }) => ({ messageId, text: text ?? caption ?? '' })),
      }),
    },
  ];
  const server = await startPlatformFakeServer({
    routes,
    notFound: () => telegramError(404, 'Not Found'),
    errorReply: (status, retryAfterSeconds) =>
      status === 429
        ? rateLimited(retryAfterSeconds ?? 3)
        : telegramError(status, SCRIPTED[status] ?? STATUS_CODES[status] ?? 'Error'),
  });

  return {
    ...server,
    messages,
    addBot: ({ username } = {}) => {
      counter += 1;
      const id = String(7_000_000_000 + counter);
      const bot = {
        id,
        token: `${id}:AA${randomBytes(25).toString('base64url').slice(0, 33)}`,
        username: username ?? `agentcast_${counter}_bot`,
      };
      bots.set(id, bot);
      return bot;
    },
    addChat: ({ type, title, username, id }) => {
      counter += 1;
      const made =
        type === 'private'
          ? `${500_000_000 + counter}`
          : type === 'group'
            ? `-${400_000_000 + counter}`
            : `-100${2_000_000_000 + counter}`;
      const chat = { id: id ?? made, type, title, ...(username && { username }) };
      // A username belongs to one chat at a time: a new chat taking it frees it from the one that had it.
      for (const other of chats.values()) if (username && other.username === username) delete other.username;
      chats.set(chat.id, chat);
      return chat;
    },
    setMember: (chatId, botId, member) => void members.set(`${chatId}/${botId}`, member),
    postMessage,
    webhookOf: updates.webhookOf,
    setMessageDate: (chatId, messageId, date) => {
      const message = messages.find((candidate) => candidate.chatId === chatId && candidate.messageId === messageId);
      if (!message) throw new Error(`The fake has no message ${messageId} in chat ${chatId}.`);
      message.date = date;
    },
  };
};
