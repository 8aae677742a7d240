import { and } from 'drizzle-orm';
import {
  AUDIT_ACTION_LABELS,
  AUDIT_CSV_COLUMNS,
  AUDIT_CSV_MAX_ROWS,
  type AuditQuery,
} from '@agentcast/contracts/audit';
import type { Database } from '@agentcast/db/client';
import { auditEvent, type AuditEventRow } from '@agentcast/db/schema/audit';
import { csvLine } from '../../kernel/csv-line.ts';
import { auditConditions, NEWEST_FIRST, olderThan } from './list-audit-events.ts';

/** Rows read from the database at a time: the file is written as they come, never held whole. */
const PAGE_SIZE = 500;

const lineOf = (row: AuditEventRow) =>
  csvLine([
    row.createdAt.toISOString(),
    row.actorName,
    row.apiKeyName,
    `${row.action} (${AUDIT_ACTION_LABELS[row.action]})`,
    row.subjectName,
    row.detail,
  ]);

/**
 * The audit log as a CSV file, newest first, with the page's filters: under AUDIT_CSV_COLUMNS, at most
 * AUDIT_CSV_MAX_ROWS lines (narrow the period for more), read page by page as the caller takes them.
 */
export const exportAuditCsv = (db: Database, { workspaceId, ...filters }: AuditQuery & { workspaceId: string }) => {
  const conditions = auditConditions(workspaceId, filters);
  async function* lines() {
    yield csvLine(AUDIT_CSV_COLUMNS);
    let last: AuditEventRow | undefined;
    for (let written = 0; written < AUDIT_CSV_MAX_ROWS;) {
      const rows: AuditEventRow[] = await db
        .select()
        .from(auditEvent)
        .where(and(...conditions, last ? olderThan({ at: last.createdAt, id: last.id }) : undefined))
        .orderBy(...NEWEST_FIRST)
        .limit(Math.min(PAGE_SIZE, AUDIT_CSV_MAX_ROWS - written));
      for (const row of rows) yield lineOf(row);
      written += rows.length;
      last = rows.at(-1);
      if (rows.length < PAGE_SIZE) return;
    }
  }
  return { filename: 'agentcast-audit-log.csv', lines: lines() };
};
