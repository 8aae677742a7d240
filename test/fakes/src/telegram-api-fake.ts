import { randomBytes } from 'node:crypto';
import { STATUS_CODES } from 'node:http';
import {
  startPlatformFakeServer,
  type FailOptions,
  type FakeReply,
  type InterruptOptions,
  type RecordedRequest,
  type Route,
} from './platform-fake-kit.ts';

export type TelegramFakeBot = { id: string; token: string; username: string };
export type TelegramFakeChatType = 'channel' | 'supergroup' | 'group' | 'private';
export type TelegramFakeChat = { id: string; type: TelegramFakeChatType; title: string; username?: string };
export type TelegramFakeMemberStatus = 'creator' | 'administrator' | 'member' | 'restricted' | 'left' | 'kicked';
export type TelegramFakeMember = { status: TelegramFakeMemberStatus; can_post_messages?: boolean };
/** A message as its chat holds it: one photo or video at most (an album is one message per item). */
export type TelegramFakeMessage = {
  chatId: string;
  messageId: number;
  botId: string;
  /** As a reader sees it: the HTML parsed away. */
  text?: string;
  caption?: string;
  parseMode?: string;
  media?: { kind: 'photo' | 'video'; bytes: Buffer; contentType?: string; filename?: string };
  replyTo?: number;
  mediaGroupId?: string;
  date: Date;
};

const METHODS = [
  'getMe',
  'getChat',
  'getChatMember',
  'sendMessage',
  'sendPhoto',
  'sendVideo',
  'sendMediaGroup',
  'deleteMessages',
] as const;
type TelegramMethod = (typeof METHODS)[number];

/** The route of each Bot API method, for requestsTo and failNext: `POST /bot{token}/{method}`. */
export const TELEGRAM_ROUTES = Object.fromEntries(METHODS.map((method) => [method, `POST /:bot/${method}`])) as {
  [method in TelegramMethod]: string;
};

export type TelegramApiFake = {
  baseUrl: string;
  requests: RecordedRequest[];
  requestsTo: (route: string) => RecordedRequest[];
  /** A bot as @BotFather makes one; its token is what a person pastes. */
  addBot: (bot?: { username?: string }) => TelegramFakeBot;
  /** A channel, group or a person's chat with the bots; ids as Telegram gives them (-100… for channels). */
  addChat: (chat: { type: TelegramFakeChatType; title: string; username?: string; id?: string }) => TelegramFakeChat;
  /** The bot's place in the chat (a bot not set is not a member). */
  setMember: (chatId: string, botId: string, member: TelegramFakeMember) => void;
  /** What the chats hold now, oldest first (a deleted message leaves). */
  messages: TelegramFakeMessage[];
  /** Makes a message look sent at another time (older than 48 hours: a bot may no longer delete it). */
  setMessageDate: (chatId: string, messageId: number, date: Date) => void;
  /** The next calls of the route fail (no work is done); `body` from telegramError answers in Telegram's words. */
  failNext: (route: string, options: FailOptions) => void;
  hangNext: (route: string, options?: InterruptOptions) => void;
  dropNext: (route: string, options?: InterruptOptions) => void;
  close: () => Promise<void>;
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

const HTML_TAGS = new Set(['b', 'strong', 'i', 'em', 'u', 'ins', 's', 'strike', 'del', 'a', 'code', 'pre']);
const HTML_ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"' };

/** Telegram's HTML parse mode, enough to refuse what it refuses: a `<` that opens no supported tag. */
const parseHtml = (html: string): { text: string } | { error: string } => {
  let text = '';
  for (let index = 0; index < html.length;) {
    const rest = html.slice(index);
    const offset = Buffer.byteLength(html.slice(0, index));
    if (rest.startsWith('<')) {
      const tag = /^<\/?([a-z-]*)(?:\s[^<>]*)?>/i.exec(rest);
      if (!tag) return { error: `can't parse entities: Can't find end of the tag at byte offset ${offset}` };
      const name = (tag[1] ?? '').toLowerCase();
      if (!HTML_TAGS.has(name))
        return { error: `can't parse entities: Unsupported start tag "${name}" at byte offset ${offset}` };
      index += tag[0].length;
      continue;
    }
    const entity = /^&(#\d+|[a-z]+);/i.exec(rest);
    if (entity?.[1]) {
      const name = entity[1];
      text += name.startsWith('#') ? String.fromCodePoint(Number(name.slice(1))) : (HTML_ENTITIES[name] ?? entity[0]);
      index += entity[0].length;
      continue;
    }
    text += html[index];
    index += 1;
  }
  return { text };
};

/** A call's parameters: its JSON body, or a multipart body's text fields (objects in them JSON-serialized). */
const paramsOf = (request: RecordedRequest): Record<string, unknown> => {
  if (request.json && typeof request.json === 'object') return request.json as Record<string, unknown>;
  const params: Record<string, unknown> = {};
  for (const part of request.parts ?? []) {
    if (part.value === undefined) continue;
    params[part.name] = /^[[{]/.test(part.value) ? (JSON.parse(part.value) as unknown) : part.value;
  }
  return params;
};

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
      ...(chat.type === 'channel' ? { sender_chat: chatObject(chat) } : { from: userObject(bot) }),
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
    Exclude<TelegramMethod, 'getMe'>,
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

  const routes: Route[] = [
    ...METHODS.map((method) => ({ method: 'POST', pattern: `/:bot/${method}`, handle: handle(method) })),
    // Not Telegram's: what a chat holds, for browser tests that run in another process than this fake.
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
    setMessageDate: (chatId, messageId, date) => {
      const message = messages.find((candidate) => candidate.chatId === chatId && candidate.messageId === messageId);
      if (!message) throw new Error(`The fake has no message ${messageId} in chat ${chatId}.`);
      message.date = date;
    },
  };
};
