import { bigint, index, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * What Telegram delivered to a connected bot (an Update: a message in its group, a comment, a private message),
 * kept for the agents that answer through the bot: Telegram hands each update out once, by webhook or getUpdates,
 * and each agent reads them after its own cursor. Kept for a week (the Bot API keeps unfetched updates a day).
 */
export const telegramUpdate = pgTable(
  'telegram_update',
  {
    botId: text('bot_id').notNull(),
    updateId: bigint('update_id', { mode: 'number' }).notNull(),
    payload: jsonb('payload').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.botId, table.updateId] }),
    index('telegram_update_received_idx').on(table.receivedAt),
  ],
);
