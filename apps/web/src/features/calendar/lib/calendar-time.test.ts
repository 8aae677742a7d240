import { describe, expect, it } from 'vitest';
import {
  addDays,
  dayHeading,
  fromLocalInputValue,
  localDayKey,
  localDays,
  timeOfDay,
  toLocalInputValue,
} from './calendar-time.ts';

describe('localDayKey', () => {
  it('names the day on the viewer’s wall clock, not the UTC day', () => {
    const lateUtc = new Date('2026-11-24T23:30:00Z');
    expect(localDayKey(lateUtc, 'UTC')).toBe('2026-11-24');
    expect(localDayKey(lateUtc, 'Europe/Berlin')).toBe('2026-11-25');
    expect(localDayKey(lateUtc, 'America/Los_Angeles')).toBe('2026-11-24');
    expect(localDayKey(new Date('2026-11-25T05:00:00Z'), 'America/Los_Angeles')).toBe('2026-11-24');
  });
});

describe('localDays', () => {
  it('lists seven days from today across month ends', () => {
    expect(localDays(new Date('2026-11-28T10:00:00Z'), 'Europe/Berlin', 0, 7)).toEqual([
      '2026-11-28',
      '2026-11-29',
      '2026-11-30',
      '2026-12-01',
      '2026-12-02',
      '2026-12-03',
      '2026-12-04',
    ]);
  });

  it('neither skips nor repeats a day when the clocks change', () => {
    // Berlin leaves summer time on 2026-10-25 (a 25-hour day); 23:30 plus 24 h would stay on the 25th.
    const days = localDays(new Date('2026-10-24T21:30:00Z'), 'Europe/Berlin', 0, 3);
    expect(days).toEqual(['2026-10-24', '2026-10-25', '2026-10-26']);
    expect(localDays(new Date('2026-03-01T12:00:00Z'), 'UTC', -2, 2)).toEqual(['2026-02-27', '2026-02-28']);
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
  });
});

describe('formatting', () => {
  it('heads a day with its weekday and date whatever the viewer’s zone', () => {
    expect(dayHeading('2026-11-25', 'en-US')).toBe('Wed, Nov 25');
  });

  it('gives times of day in the viewer’s zone', () => {
    const at = new Date('2026-11-25T08:30:00Z');
    expect(timeOfDay(at, 'Europe/Berlin', 'en-GB')).toBe('9:30');
    expect(timeOfDay(at, 'America/New_York', 'en-US')).toBe('3:30 AM');
  });
});

describe('datetime-local values', () => {
  it('round-trips an instant through the wall clock of a zone', () => {
    const at = new Date('2026-11-25T08:30:00Z');
    expect(toLocalInputValue(at, 'Europe/Berlin')).toBe('2026-11-25T09:30');
    expect(fromLocalInputValue('2026-11-25T09:30', 'Europe/Berlin')?.toISOString()).toBe('2026-11-25T08:30:00.000Z');
    expect(fromLocalInputValue('2026-07-01T09:30', 'Europe/Berlin')?.toISOString()).toBe('2026-07-01T07:30:00.000Z');
    expect(fromLocalInputValue('2026-11-25T09:30', 'Asia/Kolkata')?.toISOString()).toBe('2026-11-25T04:00:00.000Z');
  });

  it('reads times on both sides of a clock change, and nothing from a value that is no time', () => {
    // The hour before and after Berlin's spring-forward (02:00 → 03:00 on 2026-03-29).
    expect(fromLocalInputValue('2026-03-29T01:30', 'Europe/Berlin')?.toISOString()).toBe('2026-03-29T00:30:00.000Z');
    expect(fromLocalInputValue('2026-03-29T03:30', 'Europe/Berlin')?.toISOString()).toBe('2026-03-29T01:30:00.000Z');
    expect(fromLocalInputValue('', 'Europe/Berlin')).toBeUndefined();
    expect(fromLocalInputValue('tomorrow', 'Europe/Berlin')).toBeUndefined();
  });
});
