import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { ApiKeyScope } from '@agentcast/contracts/api-keys';
import { user } from './auth.ts';
import { workspace } from './workspaces.ts';

/**
 * A personal API key (issue 18 §1): other programs call the API as its owner with `Authorization: Bearer <key>`.
 * Only the key's SHA-256 is kept (the key is 192 random bits, so a fast hash is enough); `hint` is its first
 * characters, for the person to tell keys apart. Revoking a key deletes its row. The current rate-limit window lives on the row, so that every
 * server process counts against the same limit in the query that authenticates the key.
 */
export const apiKey = pgTable(
  'api_key',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The member who made the key: it acts with that member's role. */
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    /** The workspace the key acts in. */
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspace.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    scope: text('scope').$type<ApiKeyScope>().notNull(),
    keyHash: text('key_hash').notNull().unique(),
    hint: text('hint').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true, precision: 3 }),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true, precision: 3 }),
    windowStart: timestamp('window_start', { withTimezone: true, precision: 3 }),
    windowRequests: integer('window_requests').notNull().default(0),
  },
  (table) => [index('api_key_workspace_idx').on(table.workspaceId, table.createdAt)],
);

export type ApiKeyRow = typeof apiKey.$inferSelect;
