import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { AuditAction, AuditActorKind } from '@agentcast/contracts/audit';
import { user } from './auth.ts';
import { workspace } from './workspaces.ts';

/**
 * One line of a workspace's audit log (issue 36 §5), written in the transaction of the change it records. Names are
 * kept as they were at the time, so a line still reads after the agent, account or member is gone.
 */
export const auditEvent = pgTable(
  'audit_event',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspace.id, { onDelete: 'cascade' }),
    actorKind: text('actor_kind').$type<AuditActorKind>().notNull(),
    actorUserId: text('actor_user_id').references(() => user.id, { onDelete: 'set null' }),
    actorName: text('actor_name').notNull(),
    /** The name of the API key the member acted with, if any. */
    apiKeyName: text('api_key_name'),
    action: text('action').$type<AuditAction>().notNull(),
    subjectId: text('subject_id'),
    subjectName: text('subject_name').notNull(),
    detail: text('detail'),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (table) => [index('audit_event_workspace_time_idx').on(table.workspaceId, table.createdAt.desc(), table.id.desc())],
);

export type AuditEventRow = typeof auditEvent.$inferSelect;
