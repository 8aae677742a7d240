import { describe, expect, it } from 'vitest';
import type { CalendarEntry } from '@agentcast/contracts/calendar';
import { describeEntry, describeOutcome, isSkippedOutcome } from './describe-entry.ts';

describe('describeOutcome', () => {
  it('says what each planned slot will do', () => {
    expect(describeOutcome('post', 1)).toBe('Posts');
    expect(describeOutcome('draft', 1)).toBe('Draft for review');
    expect(describeOutcome('skipped', 1)).toBe('Skipped by you');
    expect(describeOutcome('drafts_full', 40)).toBe('Skipped: 10 drafts waiting');
  });

  it('counts the slots an over-quota entry stands for', () => {
    expect(describeOutcome('over_quota', 14)).toBe('Skipped: daily posts used (14 slots until midnight UTC)');
    expect(describeOutcome('over_quota', 1)).toBe('Skipped: daily posts used (1 slot until midnight UTC)');
  });

  it('tells the slots that will not post from those that will', () => {
    expect(
      ['post', 'draft', 'over_quota', 'drafts_full', 'skipped'].filter((o) => isSkippedOutcome(o as never)),
    ).toEqual(['over_quota', 'drafts_full', 'skipped']);
  });
});

describe('describeEntry', () => {
  const base = { agent_id: 'a', run_id: 'r', at: '2026-11-25T08:30:00Z', text: 'Hello' };
  it('labels drafts, scheduled and published posts', () => {
    expect(describeEntry({ kind: 'draft', ...base })).toBe('Draft awaiting review');
    expect(describeEntry({ kind: 'scheduled', ...base })).toBe('Scheduled');
    const link = (status: string) => ({ platform: 'x', url: null, status, error: null, removed_at: null });
    const past = (...statuses: string[]): CalendarEntry => ({
      kind: 'published',
      ...base,
      message_id: 'm',
      links: statuses.map(link),
    });
    expect(describeEntry(past('posted'))).toBe('Published');
    expect(describeEntry(past('failed', 'posted'))).toBe('Published');
    expect(describeEntry(past('removed'))).toBe('Published');
    expect(describeEntry(past('ready'))).toBe('Going out');
    expect(describeEntry(past('unknown'))).toBe('Checking whether it went out');
    expect(describeEntry(past('failed'))).toBe('Not posted');
    expect(describeEntry(past('something new'))).toBe('Not posted');
    expect(describeEntry(past())).toBe('Shown in the Terminal only');
    const planned: CalendarEntry = {
      kind: 'planned',
      agent_id: 'a',
      at: base.at,
      slot_at: base.at,
      outcome: 'post',
      repeats: 1,
    };
    expect(describeEntry(planned)).toBe('Posts');
  });
});
