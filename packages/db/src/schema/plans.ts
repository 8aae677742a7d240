import { date, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import type { PlanId } from '@agentcast/contracts/plans';
import { workspace } from './workspaces.ts';

/** The plan of a workspace (spec §9), set by an operator (`npm run plan`). No row means Starter. */
export const userPlan = pgTable('user_plan', {
  workspaceId: text('workspace_id')
    .primaryKey()
    .references(() => workspace.id, { onDelete: 'cascade' }),
  plan: text('plan').$type<PlanId>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * What a workspace used on one UTC day, counted when a run is planned (in the same transaction, so two workers
 * can never both take the last post of the day) and given back when the run fails.
 */
export const dailyUsage = pgTable(
  'daily_usage',
  {
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspace.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    posts: integer('posts').notNull().default(0),
    replies: integer('replies').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.workspaceId, table.day] })],
);
