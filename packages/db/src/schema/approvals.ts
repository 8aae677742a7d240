import { pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { ApprovalStep } from '@agentcast/contracts/agents';
import { user } from './auth.ts';
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
    /** The member who approved; null once their account is gone (the name stays). */
    approvedBy: text('approved_by').references(() => user.id, { onDelete: 'set null' }),
    /** Their name (or address) when they approved, so the draft still says who after they leave. */
    approverName: text('approver_name').notNull(),
    approvedAt: timestamp('approved_at', { withTimezone: true, precision: 3 }).notNull(),
  },
  (table) => [uniqueIndex('draft_approval_run_step_idx').on(table.runId, table.step)],
);

export type DraftApprovalRow = typeof draftApproval.$inferSelect;
