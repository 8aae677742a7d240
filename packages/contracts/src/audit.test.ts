import { describe, expect, it } from 'vitest';
import { AUDIT_ACTION_GROUPS, AUDIT_ACTIONS } from './audit.ts';

describe('the audit log’s filter groups', () => {
  it('hold every action once, posts and drafts together', () => {
    expect(AUDIT_ACTION_GROUPS.flatMap((group) => group.actions).sort()).toEqual([...AUDIT_ACTIONS].sort());
    expect(AUDIT_ACTION_GROUPS.find((group) => group.label === 'Posts and drafts')?.actions).toEqual([
      'post.composed',
      'draft.edited',
      'draft.approved',
      'draft.rejected',
      'draft.changes_requested',
      'post.published',
      'post.deleted',
    ]);
  });
});
