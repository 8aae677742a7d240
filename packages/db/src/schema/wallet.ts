import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { user } from './auth.ts';

/**
 * The wallet linked to an account by Sign-In with Ethereum: one per account, and an address belongs to at most
 * one account, so one membership token cannot open unlimited accounts.
 */
export const walletLink = pgTable('wallet_link', {
  userId: text('user_id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  /** Lower-case hex, so the unique constraint cannot be dodged by changing the checksum's letter case. */
  address: text('address').notNull().unique(),
  chainId: integer('chain_id').notNull(),
  verifiedAt: timestamp('verified_at', { withTimezone: true }).notNull(),
});

/** Single-use SIWE nonces (128-bit), bound to the account that asked for them, valid for 10 minutes. */
export const siweNonce = pgTable(
  'siwe_nonce',
  {
    nonce: text('nonce').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('siwe_nonce_user_id_idx').on(table.userId, table.createdAt)],
);
