import { describe, expect, it } from 'vitest';
import { describePlannedTime, toLocalInputValue } from './planned-time.ts';

describe('describePlannedTime', () => {
  const now = new Date('2026-11-25T08:00:00Z');

  it('gives the time in the reader’s zone and names the zone', () => {
    const berlin = describePlannedTime('2026-11-25T09:30:00Z', { now, timeZone: 'Europe/Berlin', locale: 'en-GB' });
    expect(berlin.when).toContain('10:30');
    expect(berlin.when).toMatch(/CET|GMT\+1/);
    expect(berlin.zone).toBe('Europe/Berlin');
    expect(berlin.isPast).toBe(false);

    const newYork = describePlannedTime('2026-11-25T09:30:00Z', { now, timeZone: 'America/New_York', locale: 'en-US' });
    expect(newYork.when).toContain('04:30');
    expect(newYork.when).toMatch(/EST/);
  });

  it('says when the planned time has passed', () => {
    expect(describePlannedTime('2026-11-25T07:59:00Z', { now, timeZone: 'UTC' }).isPast).toBe(true);
  });
});

describe('toLocalInputValue', () => {
  it('is read back by the datetime input as the same moment', () => {
    const moment = new Date(2026, 10, 25, 9, 30);
    expect(toLocalInputValue(moment)).toBe('2026-11-25T09:30');
    expect(new Date(toLocalInputValue(moment)).getTime()).toBe(moment.getTime());
  });
});
