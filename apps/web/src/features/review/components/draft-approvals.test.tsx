import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DraftApprovals } from './draft-approvals.tsx';

const items = () => screen.queryAllByRole('listitem').map((item) => item.textContent ?? '');

describe('DraftApprovals', () => {
  it('says nothing for a draft that goes out once approved and has no approval yet', () => {
    render(<DraftApprovals draft={{ approval: 'one', approvals: [], time_chosen: false }} />);
    expect(screen.queryByRole('list', { name: 'Approvals' })).toBeNull();
  });

  it('names who approved the team’s step and says the client’s is awaited', () => {
    render(
      <DraftApprovals
        draft={{
          approval: 'team_then_client',
          approvals: [{ step: 'team', by: 'Ada', at: '2026-11-29T09:30:00.000Z' }],
          time_chosen: false,
        }}
      />,
    );
    expect(items()).toHaveLength(2);
    expect(items()[0]).toMatch(/^Team approved by Ada, .*Nov/);
    expect(items()[1]).toBe('Waiting for the client');
  });

  it('warns that a draft for a chosen time expires unapproved', () => {
    render(<DraftApprovals draft={{ approval: 'one', approvals: [], time_chosen: true }} />);
    expect(items()).toEqual(['Not approved by its planned time, it expires and is not published.']);
  });
});
