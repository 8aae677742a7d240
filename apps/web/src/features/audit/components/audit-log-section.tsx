import { useState } from 'react';
import { AUDIT_ACTION_GROUPS, AUDIT_ACTION_LABELS, type AuditAction } from '@agentcast/contracts/audit';
import { Notice } from '../../../components/ui/notice.tsx';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { buttonClasses } from '../../../lib/ui/button-classes.ts';
import { auditCsvUrl, useAuditLog } from '../api/audit-query.ts';
import { NO_AUDIT_FILTERS, type AuditFilters } from '../lib/audit-filters.ts';
import { AuditEventRow } from './audit-event-row.tsx';

/** Someone the member filter offers: the workspace's members, passed in by the page. */
export type AuditMember = { id: string; name: string };

/** How an action is named in the filter: its verb, capitalised ("Approved a draft of"). */
const actionOption = (action: AuditAction) => {
  const label = AUDIT_ACTION_LABELS[action];
  return label.charAt(0).toUpperCase() + label.slice(1);
};

/**
 * Settings → Audit log (issue 36 §5), for every member: who created, edited, approved, rejected, published,
 * deleted, connected or disconnected what and when, newest first; filtered by action, member and days, and
 * downloadable as CSV with the same filters.
 */
export const AuditLogSection = ({ members }: { members: AuditMember[] }) => {
  const [filters, setFilters] = useState<AuditFilters>(NO_AUDIT_FILTERS);
  const log = useAuditLog(filters);
  const events = log.data?.pages.flatMap((page) => page.events) ?? [];
  const change = (changes: Partial<AuditFilters>) => setFilters((current) => ({ ...current, ...changes }));
  const isFiltered = Object.values(filters).some(Boolean);
  return (
    <section aria-labelledby="audit-log-title" className="space-y-4 rounded-xl border border-ink-700 p-5">
      <div>
        <h2 id="audit-log-title" className="text-xl font-semibold text-white">
          Audit log
        </h2>
        <p className="mt-1 text-sm text-slate-400">
          Who created, edited, approved, rejected, published, deleted, connected or disconnected what in this workspace,
          and when. Newest first.
        </p>
      </div>
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <SelectField
          label="Action"
          value={filters.action}
          onChange={(event) => change({ action: event.target.value as AuditAction | '' })}
        >
          <option value="">All actions</option>
          {AUDIT_ACTION_GROUPS.map((group) => (
            <optgroup key={group.label} label={group.label}>
              {group.actions.map((action) => (
                <option key={action} value={action}>
                  {actionOption(action)}
                </option>
              ))}
            </optgroup>
          ))}
        </SelectField>
        <SelectField label="Member" value={filters.actor} onChange={(event) => change({ actor: event.target.value })}>
          <option value="">Everyone</option>
          {members.map((member) => (
            <option key={member.id} value={member.id}>
              {member.name}
            </option>
          ))}
        </SelectField>
        <TextField
          label="From"
          type="date"
          value={filters.from}
          onChange={(event) => change({ from: event.target.value })}
        />
        <TextField label="To" type="date" value={filters.to} onChange={(event) => change({ to: event.target.value })} />
      </div>
      <div className="flex flex-wrap gap-2">
        <a href={auditCsvUrl(filters)} download className={buttonClasses('secondary')}>
          Download CSV
        </a>
        {isFiltered && (
          <button type="button" className={buttonClasses('secondary')} onClick={() => setFilters(NO_AUDIT_FILTERS)}>
            Clear filters
          </button>
        )}
      </div>
      {log.isError && <Notice tone="error">{`Failed to load the audit log: ${log.error.message}`}</Notice>}
      {log.isPending && <p className="text-sm text-slate-400">Loading the audit log...</p>}
      {log.isSuccess && events.length === 0 && (
        <p className="text-sm text-slate-400">
          {isFiltered ? 'Nothing matches these filters.' : 'Nothing has been recorded in this workspace yet.'}
        </p>
      )}
      {events.length > 0 && (
        <ul aria-label="Audit log" className="divide-y divide-ink-800">
          {events.map((event) => (
            <AuditEventRow key={event.id} event={event} />
          ))}
        </ul>
      )}
      {log.hasNextPage && (
        <button
          type="button"
          className={buttonClasses('secondary')}
          disabled={log.isFetchingNextPage}
          onClick={() => void log.fetchNextPage()}
        >
          {log.isFetchingNextPage ? 'Loading...' : 'Show older'}
        </button>
      )}
    </section>
  );
};
