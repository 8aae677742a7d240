import type { ConversationPost } from '../common/platform.ts';
import { telegramPostId, telegramPostUrl } from './telegram-post-ref.ts';

type TelegramUser = { id?: unknown; is_bot?: unknown; username?: unknown; first_name?: unknown; last_name?: unknown };
type TelegramChat = { id?: unknown; type?: unknown; username?: unknown };
export type TelegramMessage = {
  message_id?: unknown;
  message_thread_id?: unknown;
  date?: unknown;
  chat?: TelegramChat;
  from?: TelegramUser;
  sender_chat?: TelegramChat;
  is_automatic_forward?: unknown;
  text?: unknown;
  caption?: unknown;
  entities?: { type?: unknown; offset?: unknown; length?: unknown; user?: TelegramUser }[];
  reply_to_message?: TelegramMessage;
};
/** An Update as the Bot API sends it (getUpdates, or a webhook's body); only `message` updates are asked for. */
export type TelegramUpdate = { update_id: number; message?: TelegramMessage };

/** The bot an update came to: its id and @username, from getMe. */
export type TelegramBot = { id: string; username: string };

const idOf = (value: unknown) => (typeof value === 'number' || typeof value === 'string' ? String(value) : undefined);

/** Whether the text names the bot: a mention entity of its @username, or a text mention of its account. */
const mentionsBot = (message: TelegramMessage, text: string, bot: TelegramBot) =>
  (message.entities ?? []).some((entity) => {
    if (entity.type === 'text_mention') return idOf(entity.user?.id) === bot.id;
    if (entity.type !== 'mention' || typeof entity.offset !== 'number' || typeof entity.length !== 'number')
      return false;
    // Entity offsets count UTF-16 code units, as JavaScript strings do.
    return text.slice(entity.offset, entity.offset + entity.length).toLowerCase() === `@${bot.username.toLowerCase()}`;
  });

/**
 * Whether a message addresses the agent whose bot posts in `chatId`: a private message to the bot; in a group the
 * bot is in (the connected group, the channel's discussion group), a message that mentions the bot or replies to one
 * of its messages; and a comment under one of the channel's posts (a reply to the post Telegram forwards to the
 * discussion group).
 */
const isAddressed = (message: TelegramMessage, text: string, bot: TelegramBot, chatId: string) => {
  if (message.chat?.type === 'private') return true;
  const parent = message.reply_to_message;
  if (parent && idOf(parent.from?.id) === bot.id) return true;
  if (parent?.is_automatic_forward === true && idOf(parent.sender_chat?.id) === chatId) return true;
  return mentionsBot(message, text, bot);
};

/** A link to the message, where it has one (a private chat's messages have none). */
const messageUrl = (chat: TelegramChat, chatId: string, messageId: number) =>
  chat.type === 'private'
    ? ''
    : telegramPostUrl(
        { chatId, messageIds: [messageId] },
        typeof chat.username === 'string' ? chat.username : undefined,
      );

/**
 * The message of an update as a post to answer, or undefined when it does not address the agent (or is a bot's, or
 * carries no text). Its id is `{chat}:{message}`, so the answer goes into the chat the message came from.
 */
export const telegramUpdatePost = (
  update: TelegramUpdate,
  bot: TelegramBot,
  chatId: string,
): ConversationPost | undefined => {
  const message = update.message;
  const from = message?.from;
  const chat = message?.chat;
  const messageChatId = idOf(chat?.id);
  const authorId = idOf(from?.id);
  const text = typeof message?.text === 'string' ? message.text : message?.caption;
  if (
    !message ||
    !chat ||
    !messageChatId ||
    !authorId ||
    from?.is_bot === true ||
    typeof message.message_id !== 'number' ||
    typeof text !== 'string' ||
    !text.trim() ||
    !isAddressed(message, text, bot, chatId)
  )
    return undefined;
  const username = typeof from?.username === 'string' ? from.username : undefined;
  const name = [from?.first_name, from?.last_name].filter((part) => typeof part === 'string' && part).join(' ');
  const parent = message.reply_to_message;
  const parentId = typeof parent?.message_id === 'number' ? parent.message_id : undefined;
  const threadId = typeof message.message_thread_id === 'number' ? message.message_thread_id : parentId;
  return {
    postId: telegramPostId({ chatId: messageChatId, messageIds: [message.message_id] }),
    url: messageUrl(chat, messageChatId, message.message_id),
    text,
    authorId,
    authorUsername: username ?? authorId,
    ...(name && { authorName: name }),
    ...(username && { authorUrl: `https://t.me/${username}` }),
    // A private chat is one conversation; in a group, the thread (a comment thread, a topic) or the message replied to.
    conversationId:
      chat.type === 'private' ? messageChatId : `${messageChatId}:${threadId ?? String(message.message_id)}`,
    createdAt: new Date(typeof message.date === 'number' ? message.date * 1000 : Date.now()),
    isReply: parentId !== undefined,
    ...(parentId !== undefined && {
      inReplyToPostId: telegramPostId({ chatId: messageChatId, messageIds: [parentId] }),
    }),
    ...(idOf(parent?.from?.id) && { inReplyToUserId: idOf(parent?.from?.id) }),
  };
};
