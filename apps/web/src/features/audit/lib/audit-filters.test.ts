import { describe, expect, it } from 'vitest';
import { auditQueryOf, NO_AUDIT_FILTERS } from './audit-filters.ts';

describe('the audit log’s filters as a query', () => {
  it('leave out what is not chosen', () => {
    expect(auditQueryOf(NO_AUDIT_FILTERS)).toEqual({
      action: undefined,
      actor: undefined,
      since: undefined,
      until: undefined,
    });
  });

  it('take a day from its first moment to its last, in the person’s own zone', () => {
    const query = auditQueryOf({ action: 'agent.created', actor: 'user-1', from: '2026-11-02', to: '2026-11-03' });
    expect(query).toMatchObject({ action: 'agent.created', actor: 'user-1' });
    expect(new Date(query.since!)).toEqual(new Date(2026, 10, 2));
    expect(new Date(query.until!)).toEqual(new Date(2026, 10, 3, 23, 59, 59, 999));
  });
});
