/**
 * A Telegram post: the chat it is in and its messages, in the order they were sent. One post is several messages
 * when it is a media group (one message per photo or video) or a long text followed by its media.
 */
export type TelegramPostRef = { chatId: string; messageIds: number[] };

const CHAT_ID = /^-?\d{1,20}$/;
const POST_ID = /^(-?\d{1,20}):(\d{1,12}(?:,\d{1,12}){0,99})$/;

/** `{chatId}:{messageId}`, or `{chatId}:{id1},{id2},…` for a post of several messages: the post id publishing keeps. */
export const telegramPostId = ({ chatId, messageIds }: TelegramPostRef) => `${chatId}:${messageIds.join(',')}`;

/** The chat and messages of a post id, or undefined when it names no Telegram post. */
export const parseTelegramPostId = (postId: string): TelegramPostRef | undefined => {
  const match = POST_ID.exec(postId);
  if (!match?.[1] || !match[2]) return undefined;
  return { chatId: match[1], messageIds: match[2].split(',').map(Number) };
};

export const isTelegramChatId = (chatId: string) => CHAT_ID.test(chatId);

/**
 * Where a person opens the post (its first message): by the chat's @username when it has one; by the chat's id in
 * t.me/c/ for a private channel or supergroup (ids -100…, opened by its members); a basic group has no message
 * links, so the link opens the group in Telegram Web.
 */
export const telegramPostUrl = ({ chatId, messageIds }: TelegramPostRef, chatUsername?: string) => {
  const first = messageIds[0];
  if (chatUsername) return `https://t.me/${chatUsername}/${first}`;
  if (chatId.startsWith('-100')) return `https://t.me/c/${chatId.slice(4)}/${first}`;
  return `https://web.telegram.org/a/#${chatId}`;
};
