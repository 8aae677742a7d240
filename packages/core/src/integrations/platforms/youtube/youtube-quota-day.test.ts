import { describe, expect, it } from 'vitest';
import { nextPacificMidnight } from './youtube-quota-day.ts';

const next = (iso: string) => nextPacificMidnight(new Date(iso)).toISOString();

describe("when YouTube's daily quota renews (midnight Pacific time)", () => {
  it('is the coming midnight in summer (UTC−7) and in winter (UTC−8)', () => {
    expect(next('2026-07-15T06:59:59.999Z')).toBe('2026-07-15T07:00:00.000Z');
    expect(next('2026-07-15T07:00:00.000Z')).toBe('2026-07-16T07:00:00.000Z');
    expect(next('2026-01-10T12:00:00.000Z')).toBe('2026-01-11T08:00:00.000Z');
    expect(next('2026-12-31T23:30:00.000Z')).toBe('2027-01-01T08:00:00.000Z');
  });

  it('follows the clock change between now and that midnight', () => {
    // 01:30 PST on 8 March 2026; clocks go forward at 2 am, so the next midnight is PDT.
    expect(next('2026-03-08T09:30:00.000Z')).toBe('2026-03-09T07:00:00.000Z');
    // 23:30 PDT on 31 October; midnight is still PDT, the change comes at 2 am.
    expect(next('2026-11-01T06:30:00.000Z')).toBe('2026-11-01T07:00:00.000Z');
    // 04:00 PST on 1 November, after the change.
    expect(next('2026-11-01T12:00:00.000Z')).toBe('2026-11-02T08:00:00.000Z');
  });
});
