import { createHmac, timingSafeEqual } from 'node:crypto';
import { and, asc, desc, eq, gt, lt, max, sql } from 'drizzle-orm';
import type { Database } from '@agentcast/db/client';
import { telegramUpdate } from '@agentcast/db/schema/telegram-updates';
import type { TelegramUpdateStore } from '../../integrations/platforms/telegram/telegram-conversations.ts';
import type { TelegramUpdate } from '../../integrations/platforms/telegram/telegram-update-post.ts';

/** How long a bot's updates are kept for agents that have not looked yet. */
const KEPT_MS = 7 * 24 * 60 * 60 * 1000;

/** A bot's Telegram updates in the database: what the webhook received, or what getUpdates fetched. */
export const createTelegramUpdateStore = (db: Database, now: () => Date = () => new Date()): TelegramUpdateStore => ({
  newestId: async (botId) => {
    const [row] = await db
      .select({ newest: max(telegramUpdate.updateId) })
      .from(telegramUpdate)
      .where(eq(telegramUpdate.botId, botId));
    return row?.newest ?? null;
  },
  save: async (botId, updates) => {
    const at = now();
    await db
      .insert(telegramUpdate)
      .values(updates.map((update) => ({ botId, updateId: update.update_id, payload: update, receivedAt: at })))
      .onConflictDoNothing();
    await db.delete(telegramUpdate).where(lt(telegramUpdate.receivedAt, new Date(at.getTime() - KEPT_MS)));
  },
  after: async (botId, afterId, limit) => {
    const rows = await db
      .select({ payload: telegramUpdate.payload })
      .from(telegramUpdate)
      .where(and(eq(telegramUpdate.botId, botId), afterId === null ? undefined : gt(telegramUpdate.updateId, afterId)))
      .orderBy(afterId === null ? desc(telegramUpdate.updateId) : asc(telegramUpdate.updateId))
      .limit(limit);
    const updates = rows.map((row) => row.payload as TelegramUpdate);
    return afterId === null ? updates.reverse() : updates;
  },
  message: async (botId, chatId, messageId) => {
    const [row] = await db
      .select({ payload: telegramUpdate.payload })
      .from(telegramUpdate)
      .where(
        and(
          eq(telegramUpdate.botId, botId),
          sql`${telegramUpdate.payload}->'message'->'chat'->>'id' = ${chatId}`,
          sql`${telegramUpdate.payload}->'message'->>'message_id' = ${String(messageId)}`,
        ),
      )
      .limit(1);
    return (row?.payload as TelegramUpdate | undefined)?.message;
  },
});

/**
 * The secret of a bot's webhook, `{bot id}_{signature}`: the last part of its URL and the `secret_token` Telegram
 * sends back with every call. Derived from the server's key, so nothing is stored and another server cannot forge it.
 */
export const telegramWebhookSecret = (key: string, botId: string) =>
  `${botId}_${createHmac('sha256', key).update(`telegram-webhook:${botId}`).digest('hex').slice(0, 48)}`;

/** The bot a webhook call is for, when its secret (in the path and in the header alike) is this server's; else null. */
export const telegramWebhookBot = (key: string, pathSecret: string, headerSecret: string | undefined) => {
  const botId = /^(\d{1,20})_[0-9a-f]{48}$/.exec(pathSecret)?.[1];
  if (!botId || headerSecret !== pathSecret) return null;
  const expected = Buffer.from(telegramWebhookSecret(key, botId));
  const given = Buffer.from(pathSecret);
  return expected.length === given.length && timingSafeEqual(expected, given) ? botId : null;
};
