import { and, desc, eq, gte, lt, lte, or, type SQL } from 'drizzle-orm';
import type { AuditEvent, AuditPage, AuditPageQuery, AuditQuery } from '@agentcast/contracts/audit';
import type { Database } from '@agentcast/db/client';
import { auditEvent, type AuditEventRow } from '@agentcast/db/schema/audit';
import { decodeAuditCursor, encodeAuditCursor, type AuditCursor } from './audit-cursor.ts';

/** The conditions of the log's filters, for the page and the CSV file alike. */
export const auditConditions = (workspaceId: string, { action, actor, since, until }: AuditQuery) =>
  [
    eq(auditEvent.workspaceId, workspaceId),
    action ? eq(auditEvent.action, action) : undefined,
    actor ? eq(auditEvent.actorUserId, actor) : undefined,
    since ? gte(auditEvent.createdAt, new Date(since)) : undefined,
    until ? lte(auditEvent.createdAt, new Date(until)) : undefined,
  ].filter((condition): condition is SQL => condition !== undefined);

/** Older than the cursor's event, in the log's order (newest first, then by id). */
export const olderThan = ({ at, id }: AuditCursor) =>
  or(lt(auditEvent.createdAt, at), and(eq(auditEvent.createdAt, at), lt(auditEvent.id, id)));

export const NEWEST_FIRST = [desc(auditEvent.createdAt), desc(auditEvent.id)];

export const toAuditEvent = (row: AuditEventRow): AuditEvent => ({
  id: row.id,
  at: row.createdAt.toISOString(),
  actor: { kind: row.actorKind, name: row.actorName, user_id: row.actorUserId, api_key: row.apiKeyName },
  action: row.action,
  subject: { id: row.subjectId, name: row.subjectName },
  detail: row.detail,
});

/** One page of the workspace's audit log, newest first, with the filters applied. */
export const listAuditEvents = async (
  db: Database,
  { workspaceId, cursor, limit, ...filters }: AuditPageQuery & { workspaceId: string },
): Promise<AuditPage> => {
  const after = cursor ? olderThan(decodeAuditCursor(cursor)) : undefined;
  const rows = await db
    .select()
    .from(auditEvent)
    .where(and(...auditConditions(workspaceId, filters), after))
    .orderBy(...NEWEST_FIRST)
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    events: page.map(toAuditEvent),
    next_cursor: rows.length > limit && last ? encodeAuditCursor({ at: last.createdAt, id: last.id }) : null,
  };
};
