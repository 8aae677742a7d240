import { describe, expect, it } from 'vitest';
import type { CalendarEntry } from '@agentcast/contracts/calendar';
import { entriesOfPeriod, entryKey, groupEntriesByDay } from './group-entries-by-day.ts';

const planned = (at: string, agent = 'a'): CalendarEntry => ({
  kind: 'planned',
  agent_id: agent,
  at,
  slot_at: at,
  outcome: 'post',
  repeats: 1,
});
const draft = (at: string, run = 'r1'): CalendarEntry => ({ kind: 'draft', agent_id: 'a', run_id: run, at, text: 'x' });

describe('groupEntriesByDay', () => {
  it('puts each entry on its local day, in time order', () => {
    const entries = [planned('2026-11-25T23:30:00Z'), planned('2026-11-25T08:00:00Z'), draft('2026-11-24T23:15:00Z')];
    const berlin = groupEntriesByDay(entries, 'Europe/Berlin');
    expect([...berlin.keys()]).toEqual(['2026-11-25', '2026-11-26']);
    expect(berlin.get('2026-11-25')?.map((entry) => entry.at)).toEqual([
      '2026-11-24T23:15:00Z',
      '2026-11-25T08:00:00Z',
    ]);
    expect(berlin.get('2026-11-26')?.map((entry) => entry.at)).toEqual(['2026-11-25T23:30:00Z']);

    const utc = groupEntriesByDay(entries, 'UTC');
    expect([...utc.keys()]).toEqual(['2026-11-24', '2026-11-25']);
    expect(utc.get('2026-11-25')).toHaveLength(2);
  });

  it('keeps a slot before the draft made at the same time', () => {
    const at = '2026-11-25T08:00:00Z';
    const day = groupEntriesByDay([draft(at), planned(at)], 'UTC').get('2026-11-25');
    expect(day?.map((entry) => entry.kind)).toEqual(['planned', 'draft']);
  });
});

describe('entryKey', () => {
  it('tells apart the slots of two agents at one time', () => {
    const at = '2026-11-25T08:00:00Z';
    expect(entryKey(planned(at, 'a'))).not.toBe(entryKey(planned(at, 'b')));
    expect(entryKey(draft(at, 'r1'))).not.toBe(entryKey(draft(at, 'r2')));
  });
});

describe('entriesOfPeriod', () => {
  it('looks back on published posts only, and ahead on everything', () => {
    const published: CalendarEntry = {
      kind: 'published',
      message_id: 'm',
      agent_id: 'a',
      run_id: 'p',
      at: '2026-11-24T08:00:00Z',
      text: 'x',
      links: [],
    };
    const overdueDraft = draft('2026-11-24T09:00:00Z');
    const entries = [published, overdueDraft, planned('2026-11-25T08:00:00Z')];
    expect(entriesOfPeriod(entries, 'past')).toEqual([published]);
    expect(entriesOfPeriod(entries, 'coming')).toEqual(entries);
  });
});
