import { index, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import type { WorkspaceRole } from '@agentcast/contracts/workspace-roles';
import { user } from './auth.ts';

/**
 * A workspace (decision 028): the tenant that agents, connections, runs, API keys, webhooks and the plan belong to.
 * A person's first one has the person's id, made with the user by a trigger (migration 0034), so a sign-up of any
 * kind gets one in the same transaction and a row of the old schema stays where it was.
 */
export const workspace = pgTable('workspace', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Who belongs to a workspace, and as what. */
export const workspaceMember = pgTable(
  'workspace_member',
  {
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspace.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    role: text('role').$type<WorkspaceRole>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.workspaceId, table.userId] }),
    index('workspace_member_user_idx').on(table.userId),
  ],
);

export type WorkspaceRow = typeof workspace.$inferSelect;
