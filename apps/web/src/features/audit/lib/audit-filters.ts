import type { AuditAction, AuditQuery } from '@agentcast/contracts/audit';

/** The log's filters as the form holds them: dates as the date inputs give them (YYYY-MM-DD, the person's days). */
export type AuditFilters = { action: AuditAction | ''; actor: string; from: string; to: string };

export const NO_AUDIT_FILTERS: AuditFilters = { action: '', actor: '', from: '', to: '' };

/** Midnight at the start of a day of the person's calendar, or of the day after it. */
const startOfDay = (day: string, daysLater = 0) => {
  const [year, month, date] = day.split('-').map(Number);
  return new Date(year!, month! - 1, date! + daysLater);
};

/**
 * The API's query for the filters: a day is the person's own, from its first moment to the last millisecond before
 * the next day begins (which a daylight-saving change may make 23 or 25 hours away).
 */
export const auditQueryOf = ({ action, actor, from, to }: AuditFilters): AuditQuery => ({
  action: action || undefined,
  actor: actor || undefined,
  since: from ? startOfDay(from).toISOString() : undefined,
  until: to ? new Date(startOfDay(to, 1).getTime() - 1).toISOString() : undefined,
});
