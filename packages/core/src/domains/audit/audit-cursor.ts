import { AUDIT_MESSAGES } from '@agentcast/contracts/audit';
import { AppError } from '../../kernel/app-error.ts';
import { isUuid } from '../../kernel/is-uuid.ts';

/** Where a page of the log ends: its last event's time (kept to the millisecond) and id. */
export type AuditCursor = { at: Date; id: string };

export const encodeAuditCursor = ({ at, id }: AuditCursor) =>
  Buffer.from(`${at.toISOString()}|${id}`).toString('base64url');

/** Checked here, so that nothing malformed reaches the query (where it would be a 500). */
export const decodeAuditCursor = (cursor: string): AuditCursor => {
  const [time = '', id = '', ...rest] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const at = new Date(time);
  if (rest.length > 0 || Number.isNaN(at.getTime()) || at.toISOString() !== time || !isUuid(id))
    throw new AppError('VALIDATION_FAILED', AUDIT_MESSAGES.invalidCursor);
  return { at, id };
};
