import { index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
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

/**
 * An invitation by e-mail (issue 36 §2): its link carries a token of which only the SHA-256 is kept, works for 7 days
 * and once. Inviting the same address again renews the one invitation (a new link, a new week).
 */
export const workspaceInvitation = pgTable(
  'workspace_invitation',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspace.id, { onDelete: 'cascade' }),
    /** Lower-cased: the address the person must sign in with to accept. */
    email: text('email').notNull(),
    role: text('role').$type<WorkspaceRole>().notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    invitedBy: text('invited_by').references(() => user.id, { onDelete: 'set null' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('workspace_invitation_workspace_email_idx').on(table.workspaceId, table.email)],
);

export type WorkspaceRow = typeof workspace.$inferSelect;
