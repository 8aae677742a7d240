import { sql } from 'drizzle-orm';
import type { AuditAction } from '@agentcast/contracts/audit';
import type { Database } from '@agentcast/db/client';
import { auditEvent } from '@agentcast/db/schema/audit';
import type { AuditActor } from './audit-actor.ts';

/** What a change was done to: its id if it has one, and its name as it is now (kept when renamed or deleted). */
export type AuditSubject = { id?: string | null; name: string; detail?: string | null };

export type AuditEventInput = {
  workspaceId: string;
  actor: AuditActor;
  action: AuditAction;
  subject: AuditSubject;
  detail?: string | null;
};

const actorColumns = (actor: AuditActor) =>
  actor.kind === 'person'
    ? {
        actorUserId: actor.userId,
        actorName: sql`(SELECT name FROM "user" WHERE id = ${actor.userId})`,
        apiKeyName: actor.apiKeyId ? sql`(SELECT name FROM api_key WHERE id = ${actor.apiKeyId}::uuid)` : null,
      }
    : { actorUserId: null, actorName: actor.name, apiKeyName: null };

/**
 * Writes lines of the workspace's audit log, one per subject, all by one actor doing one action. Called with the
 * transaction of the change they record (never after it), so the lines and the change are kept or lost together.
 * A member's and their key's names are read in the same statement, as they are at this moment.
 */
export const recordAuditEvents = async (
  db: Database,
  { workspaceId, actor, action, subjects }: Omit<AuditEventInput, 'subject' | 'detail'> & { subjects: AuditSubject[] },
) => {
  if (subjects.length === 0) return;
  const by = actorColumns(actor);
  await db.insert(auditEvent).values(
    subjects.map((subject) => ({
      workspaceId,
      actorKind: actor.kind,
      ...by,
      action,
      subjectId: subject.id ?? null,
      subjectName: subject.name,
      detail: subject.detail ?? null,
    })),
  );
};

/** One line of the audit log: see recordAuditEvents. */
export const recordAuditEvent = (db: Database, { subject, detail, ...event }: AuditEventInput) =>
  recordAuditEvents(db, { ...event, subjects: [{ ...subject, detail: detail ?? subject.detail }] });
