import { PlatformError } from '../common/platform.ts';
import { createTelegramRequester, TELEGRAM_TOKEN, type TelegramRequester } from './telegram-requester.ts';

export type TelegramChatType = 'channel' | 'supergroup' | 'group' | 'private';

/** What a connection keeps of a bot and the chat it posts in; the chat's numeric id is the account id. */
export type TelegramBotConnection = {
  botId: string;
  botUsername: string;
  chatId: string;
  chatTitle: string;
  chatUsername?: string;
  chatType: TelegramChatType;
};

const FIND_THE_TOKEN =
  'In Telegram, open @BotFather, send /mybots, choose the bot and press “API Token”, then paste the token here.';

const CHAT_TYPES = new Set<string>(['channel', 'supergroup', 'group', 'private']);

/**
 * A refusal at connecting: `reconnect_required` when the token is what is wrong (the form puts the sentence under
 * the token's field), `rejected` or `forbidden` when the chat is.
 */
const refuse = (reason: 'rejected' | 'forbidden' | 'reconnect_required', message: string, cause?: PlatformError) =>
  new PlatformError('telegram', 'permanent', reason, message, { status: cause?.status, cause });

/**
 * The chat as a person may write it: `@name`, `name`, a t.me link, or a numeric id (-100… for a channel or
 * supergroup). Answers the `chat_id` Telegram takes, or undefined when it is none of these.
 */
export const telegramChatIdOf = (chat: string) => {
  const written = chat.trim();
  if (/^-?\d{1,20}$/.test(written)) return written;
  const name = /^(?:https?:\/\/)?(?:t\.me\/|telegram\.me\/|@)?([A-Za-z][\w]{3,31})\/?$/.exec(written)?.[1];
  return name ? `@${name}` : undefined;
};

type TelegramUser = { id?: unknown; username?: unknown };
type TelegramChat = { id?: unknown; type?: unknown; title?: unknown; username?: unknown; first_name?: unknown };
type TelegramMember = { status?: unknown; can_post_messages?: unknown };

const unreadable = (what: string) =>
  new PlatformError(
    'telegram',
    'transient',
    'platform_unavailable',
    `Telegram answered ${what} with something this app could not read.`,
  );

/** The bot behind the token; a token Telegram does not accept gets a sentence saying where to copy it from. */
const readBot = async (call: TelegramRequester) => {
  try {
    const bot = (await call({ method: 'getMe', params: {}, what: 'the request for the bot' })) as TelegramUser;
    if (typeof bot.id !== 'number' || typeof bot.username !== 'string') throw unreadable('the request for the bot');
    return { id: String(bot.id), username: bot.username };
  } catch (error) {
    if (!(error instanceof PlatformError) || error.reason !== 'reconnect_required') throw error;
    throw refuse('reconnect_required', `Telegram does not accept this bot token. ${FIND_THE_TOKEN}`, error);
  }
};

/** The chat; one Telegram cannot find (or will not show this bot) gets a sentence saying what to check. */
const readChat = async (call: TelegramRequester, chatId: string, written: string) => {
  try {
    const chat = (await call({
      method: 'getChat',
      params: { chat_id: chatId },
      what: 'the request for the chat',
    })) as TelegramChat;
    if (typeof chat.id !== 'number' || typeof chat.type !== 'string' || !CHAT_TYPES.has(chat.type))
      throw unreadable('the request for the chat');
    const title =
      typeof chat.title === 'string' ? chat.title : typeof chat.first_name === 'string' ? chat.first_name : written;
    return {
      id: String(chat.id),
      type: chat.type as TelegramChatType,
      title,
      ...(typeof chat.username === 'string' && { username: chat.username }),
    };
  } catch (error) {
    if (!(error instanceof PlatformError) || error.kind !== 'permanent') throw error;
    throw refuse(
      'rejected',
      `Telegram cannot find the channel or group “${written}”: check its @username (or its id), and for a private channel or group, add the bot to it first.`,
      error,
    );
  }
};

/** The bot's membership; a chat that will not show its members to the bot has not made the bot an administrator. */
const readMembership = async (call: TelegramRequester, chatId: string, botId: string): Promise<TelegramMember> => {
  try {
    return (await call({
      method: 'getChatMember',
      params: { chat_id: chatId, user_id: Number(botId) },
      what: 'the request for the bot’s rights in the chat',
    })) as TelegramMember;
  } catch (error) {
    if (!(error instanceof PlatformError) || error.kind !== 'permanent') throw error;
    return { status: 'left' };
  }
};

/**
 * Checks what a person enters when connecting Telegram: a bot token from @BotFather and the channel or group the
 * bot is to post in. The bot must be an administrator there, and in a channel one allowed to post messages.
 * Refusals are sentences saying exactly what to change in Telegram.
 */
export const checkTelegramBot = async ({
  baseUrl = 'https://api.telegram.org',
  token,
  chat,
  timeoutMs,
}: {
  baseUrl?: string;
  token: string;
  chat: string;
  timeoutMs: number;
}): Promise<TelegramBotConnection> => {
  const trimmedToken = token.trim();
  if (!TELEGRAM_TOKEN.test(trimmedToken))
    throw refuse(
      'reconnect_required',
      `This is not a Telegram bot token (it looks like 123456789:AAH…). ${FIND_THE_TOKEN}`,
    );
  const chatId = telegramChatIdOf(chat);
  if (!chatId)
    throw refuse(
      'rejected',
      'Enter the channel or group as its @username (like @my_channel) or its numeric id (like -1001234567890).',
    );
  const call = createTelegramRequester({ baseUrl, timeoutMs })(trimmedToken);
  const bot = await readBot(call);
  const found = await readChat(call, chatId, chat.trim());
  const name = `@${bot.username}`;
  if (found.type === 'private')
    throw refuse(
      'rejected',
      `“${found.title}” is a person’s chat with the bot, not a channel or group: connect a channel or group the bot is an administrator of.`,
    );
  const member = await readMembership(call, found.id, bot.id);
  const allowedToPost = member.status === 'creator' || member.status === 'administrator';
  if (!allowedToPost)
    throw refuse(
      'forbidden',
      `${name} is not an administrator of “${found.title}”: add it as an administrator allowed to post messages, then connect again.`,
    );
  if (found.type === 'channel' && member.status === 'administrator' && member.can_post_messages !== true)
    throw refuse(
      'forbidden',
      `${name} is an administrator of “${found.title}” but may not post messages: turn on “Post Messages” in its administrator rights, then connect again.`,
    );
  return {
    botId: bot.id,
    botUsername: bot.username,
    chatId: found.id,
    chatTitle: found.title,
    ...(found.username && { chatUsername: found.username }),
    chatType: found.type,
  };
};
