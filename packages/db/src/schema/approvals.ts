import { boolean, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { ApprovalStep } from '@agentcast/contracts/agents';
import { user } from './auth.ts';
import { clientLink } from './client-links.ts';
import { agentRun } from './runs.ts';
import { workspace } from './workspaces.ts';

/**
 * One approval step given to a draft (issue 36 §3): who approved which step and when. A draft goes out once every
 * step its agent asks for has a row; changing its text takes them back (the approval was of the old text).
 */
export const draftApproval = pgTable(
  'draft_approval',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspace.id, { onDelete: 'cascade' }),
    runId: uuid('run_id')
      .notNull()
      .references(() => agentRun.id, { onDelete: 'cascade' }),
    step: text('step').$type<ApprovalStep>().notNull(),
    /** The member who approved; null once their account is gone (the name stays), and for the client's step. */
    approvedBy: text('approved_by').references(() => user.id, { onDelete: 'set null' }),
    /** The client's link the client's step was given through. */
    clientLinkId: uuid('client_link_id').references(() => clientLink.id, { onDelete: 'set null' }),
    /** Their name (or address, or the client's name) when they approved, so the draft still says who. */
    approverName: text('approver_name').notNull(),
    approvedAt: timestamp('approved_at', { withTimezone: true, precision: 3 }).notNull(),
  },
  (table) => [uniqueIndex('draft_approval_run_step_idx').on(table.runId, table.step)],
);

export type DraftApprovalRow = typeof draftApproval.$inferSelect;

/**
 * What someone said about a draft: a client's "Request changes" with its comment (issue 36 §4), shown on the draft
 * for the team.
 */
export const draftComment = pgTable(
  'draft_comment',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspace.id, { onDelete: 'cascade' }),
    runId: uuid('run_id')
      .notNull()
      .references(() => agentRun.id, { onDelete: 'cascade' }),
    authorUserId: text('author_user_id').references(() => user.id, { onDelete: 'set null' }),
    clientLinkId: uuid('client_link_id').references(() => clientLink.id, { onDelete: 'set null' }),
    authorName: text('author_name').notNull(),
    body: text('body').notNull(),
    /** The client asked for changes: the draft went back to the team. */
    changesRequested: boolean('changes_requested').notNull().default(false),
    /** The members the comment @mentions, e-mailed when it was written (issue 36 §5). */
    mentionedUserIds: text('mentioned_user_ids').array().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull(),
  },
  (table) => [index('draft_comment_run_idx').on(table.runId)],
);
