import { date, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { BillableCall } from '@agentcast/contracts/costs';
import { agent } from './agents.ts';
import { workspace } from './workspaces.ts';

/**
 * One billable platform call an agent made (issue 17 §7): a post created, a post read. Units of a call are rows, so
 * that X's rule "a resource read is billed once per UTC day" is a unique index: reading the same mention twice in a
 * day inserts nothing the second time. The price in force is kept with each row, so a later price change does not
 * rewrite what a month already cost.
 */
export const platformCall = pgTable(
  'platform_call',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspace.id, { onDelete: 'cascade' }),
    agentId: uuid('agent_id')
      .notNull()
      .references(() => agent.id, { onDelete: 'cascade' }),
    call: text('call').$type<BillableCall>().notNull(),
    /** The platform's id of the post made or read. */
    resourceId: text('resource_id').notNull(),
    /** The UTC day of the call. */
    day: date('day', { mode: 'string' }).notNull(),
    /** Millionths of a US dollar. */
    priceMicros: integer('price_micros').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('platform_call_once_a_day_idx').on(table.agentId, table.call, table.resourceId, table.day),
    index('platform_call_workspace_day_idx').on(table.workspaceId, table.day),
  ],
);
