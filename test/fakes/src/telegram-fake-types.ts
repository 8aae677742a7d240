import type { FailOptions, InterruptOptions, RecordedRequest } from './platform-fake-kit.ts';
import type { TelegramFakePerson } from './telegram-fake-updates.ts';

export type TelegramFakeBot = { id: string; token: string; username: string };
export type TelegramFakeChatType = 'channel' | 'supergroup' | 'group' | 'private';
export type TelegramFakeChat = { id: string; type: TelegramFakeChatType; title: string; username?: string };
export type TelegramFakeMemberStatus = 'creator' | 'administrator' | 'member' | 'restricted' | 'left' | 'kicked';
export type TelegramFakeMember = { status: TelegramFakeMemberStatus; can_post_messages?: boolean };
/** A message as its chat holds it: one photo or video at most (an album is one message per item). */
export type TelegramFakeMessage = {
  chatId: string;
  messageId: number;
  /** The bot that sent it; empty for a person's message or a channel post forwarded to its discussion group. */
  botId: string;
  /** A person's message (postMessage). */
  from?: TelegramFakePerson;
  /** A channel's post as Telegram forwards it to the channel's discussion group, where comments answer it. */
  forwardedFrom?: string;
  /** As a reader sees it: the HTML parsed away. */
  text?: string;
  caption?: string;
  parseMode?: string;
  media?: { kind: 'photo' | 'video'; bytes: Buffer; contentType?: string; filename?: string };
  replyTo?: number;
  mediaGroupId?: string;
  date: Date;
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
  /**
   * Someone writes in a chat (a person's private chat with `toBot`, a group, or a comment replying to `replyTo`), or
   * `forwardedFrom` a channel posts into its discussion group: every bot in the chat (or `toBot`) gets the update.
   */
  postMessage: (message: {
    chatId: string;
    text: string;
    from?: TelegramFakePerson;
    forwardedFrom?: string;
    replyTo?: number;
    toBot?: string;
  }) => Promise<number>;
  /** Where setWebhook pointed the bot, if it did. */
  webhookOf: (botId: string) => { url: string; secret?: string } | undefined;
  /** Makes a message look sent at another time (older than 48 hours: a bot may no longer delete it). */
  setMessageDate: (chatId: string, messageId: number, date: Date) => void;
  /** The next calls of the route fail (no work is done); `body` from telegramError answers in Telegram's words. */
  failNext: (route: string, options: FailOptions) => void;
  hangNext: (route: string, options?: InterruptOptions) => void;
  dropNext: (route: string, options?: InterruptOptions) => void;
  close: () => Promise<void>;
};
