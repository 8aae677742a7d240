import { pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth.ts';
import { workspace } from './workspaces.ts';

/**
 * A client's approval link (issue 36 §4): its page, open without signing in, lists the workspace's drafts waiting
 * for the client. One per client name in a workspace (a new one for the same name replaces it); only the token's
 * SHA-256 is kept; it works 30 days unless revoked.
 */
export const clientLink = pgTable(
  'client_link',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspace.id, { onDelete: 'cascade' }),
    clientName: text('client_name').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    createdBy: text('created_by').references(() => user.id, { onDelete: 'set null' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('client_link_workspace_client_idx').on(table.workspaceId, table.clientName)],
);

export type ClientLinkRow = typeof clientLink.$inferSelect;
