import type { ConversationPlatform, PlatformCredentials, ThreadMessage } from '../common/platform.ts';
import { PlatformError } from '../common/platform.ts';
import type { TelegramRequester } from './telegram-requester.ts';
import { parseTelegramPostId } from './telegram-post-ref.ts';
import {
  telegramUpdatePost,
  type TelegramBot,
  type TelegramMessage,
  type TelegramUpdate,
} from './telegram-update-post.ts';

/**
 * Where a bot's updates are kept between their arrival and the agents' looks, by bot: Telegram hands each update out
 * once (a webhook call, or a getUpdates that a later offset confirms), and more than one agent may answer through the
 * same bot. The server keeps them in its database (domains/replies/telegram-update-store.ts).
 */
export type TelegramUpdateStore = {
  /** The newest update id kept for the bot, or null: getUpdates asks from the one after it. */
  newestId: (botId: string) => Promise<number | null>;
  /** Keeps updates; one kept already is left as it is. */
  save: (botId: string, updates: TelegramUpdate[]) => Promise<void>;
  /**
   * The bot's first `limit` updates after `afterId`, oldest first; when null, its latest `limit` (an agent's first
   * look answers what is happening now, not the backlog other agents of the bot already saw).
   */
  after: (botId: string, afterId: number | null, limit: number) => Promise<TelegramUpdate[]>;
  /** The message of a kept update, by its chat and id; undefined when the bot did not receive it. */
  message: (botId: string, chatId: string, messageId: number) => Promise<TelegramMessage | undefined>;
};

/**
 * How updates reach this server: pushed by Telegram to a webhook (where the server has a public https address), or
 * fetched with getUpdates (long polling, anywhere else). `webhook` gives each bot's URL and the secret Telegram sends
 * back with every call.
 */
export type TelegramUpdatesMode =
  { kind: 'polling' } | { kind: 'webhook'; urlFor: (botId: string) => string; secretFor: (botId: string) => string };

/** Updates read per getUpdates (the Bot API's most), and read from the store per look. */
const BATCH = 100;
const PER_LOOK = 500;

/**
 * Telegram's side of the replies loop: messages that address the agent's bot — private messages, mentions and
 * replies in its group, comments under its channel's posts — from the updates the bot received. In polling mode a
 * look first fetches what is new with getUpdates (removing a webhook a webhook-mode server left, which would refuse
 * it); in webhook mode it makes sure the webhook points here. Each look answers from the store, after the agent's
 * own cursor (the last update id it saw). Throws PlatformError.
 */
export const createTelegramConversations = ({
  requester,
  store,
  mode,
}: {
  requester: (token: string) => TelegramRequester;
  store: TelegramUpdateStore;
  mode: TelegramUpdatesMode;
}): ConversationPlatform => {
  const bots = new Map<string, TelegramBot>();
  // Per process: a webhook set (or removed) once stays so until the mode changes, which takes a restart.
  const prepared = new Set<string>();

  const botOf = async (token: string, call: TelegramRequester) => {
    const known = bots.get(token);
    if (known) return known;
    const me = (await call({ method: 'getMe', params: {}, what: 'the request for the bot' })) as {
      id?: unknown;
      username?: unknown;
    };
    if (typeof me.id !== 'number' || typeof me.username !== 'string')
      throw new PlatformError('telegram', 'transient', 'platform_unavailable', 'Telegram did not say who the bot is.');
    const bot = { id: String(me.id), username: me.username };
    bots.set(token, bot);
    return bot;
  };

  const prepare = async (bot: TelegramBot, call: TelegramRequester) => {
    if (prepared.has(bot.id)) return;
    await (mode.kind === 'webhook'
      ? call({
          method: 'setWebhook',
          params: {
            url: mode.urlFor(bot.id),
            secret_token: mode.secretFor(bot.id),
            allowed_updates: ['message'],
          },
          what: 'the request to send messages here',
        })
      : call({ method: 'deleteWebhook', params: {}, what: 'the request to read messages here' }));
    prepared.add(bot.id);
  };

  const fetchNew = async (bot: TelegramBot, call: TelegramRequester) => {
    for (;;) {
      const newest = await store.newestId(bot.id);
      const updates = (await call({
        method: 'getUpdates',
        params: {
          offset: newest === null ? undefined : newest + 1,
          limit: BATCH,
          timeout: 0,
          allowed_updates: ['message'],
        },
        what: 'the request for new messages',
      })) as TelegramUpdate[];
      const valid = Array.isArray(updates) ? updates.filter((update) => typeof update.update_id === 'number') : [];
      if (valid.length > 0) await store.save(bot.id, valid);
      if (valid.length < BATCH) return;
    }
  };

  return {
    id: 'telegram',
    findMentions: async ({ accessToken, accountId }: PlatformCredentials, { sinceId }) => {
      const call = requester(accessToken);
      const bot = await botOf(accessToken, call);
      await prepare(bot, call);
      if (mode.kind === 'polling') await fetchNew(bot, call);
      const afterId = sinceId && /^\d+$/.test(sinceId) ? Number(sinceId) : null;
      const updates = await store.after(bot.id, afterId, PER_LOOK);
      const posts = updates.flatMap((update) => telegramUpdatePost(update, bot, accountId) ?? []);
      const newest = updates.at(-1)?.update_id;
      return { posts, ...(newest !== undefined && { newestId: String(newest) }) };
    },
    /**
     * The messages above one, from what the bot received: each update carries the message it replies to (a person's,
     * or the bot's own answer), and a person's message is kept with its own parent, so the chain is followed through
     * the kept updates until it reaches a message the bot never received (the bot's own, whose parent Telegram does
     * not repeat) or the root.
     */
    findThread: async ({ accessToken }: PlatformCredentials, postId, limit) => {
      const ref = parseTelegramPostId(postId);
      const messageId = ref?.messageIds[0];
      if (!ref || messageId === undefined) return [];
      const bot = await botOf(accessToken, requester(accessToken));
      const thread: ThreadMessage[] = [];
      let parent = (await store.message(bot.id, ref.chatId, messageId))?.reply_to_message;
      while (parent && thread.length < limit) {
        const text = typeof parent.text === 'string' ? parent.text : parent.caption;
        const author =
          parent.from?.id === Number(bot.id) ? bot.username : (parent.from?.username ?? parent.from?.first_name);
        if (typeof text === 'string' && typeof author === 'string') thread.unshift({ authorUsername: author, text });
        parent =
          typeof parent.message_id === 'number'
            ? (await store.message(bot.id, ref.chatId, parent.message_id))?.reply_to_message
            : undefined;
      }
      return thread;
    },
  };
};
