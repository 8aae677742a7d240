import { describe, expect, it } from 'vitest';
import { retryAtFromHeaders } from './retry-at-from-headers.ts';

const now = new Date('2026-11-22T12:00:00Z');
const reader = (headers: Record<string, string>) => (name: string) => headers[name];

describe('when a rate-limited platform takes calls again', () => {
  it('reads Retry-After in seconds or as a date', () => {
    expect(retryAtFromHeaders(reader({ 'retry-after': '120' }), now)).toEqual(new Date('2026-11-22T12:02:00Z'));
    expect(retryAtFromHeaders(reader({ 'retry-after': 'Sun, 22 Nov 2026 13:00:00 GMT' }), now)).toEqual(
      new Date('2026-11-22T13:00:00Z'),
    );
  });

  it("reads X's reset time, and the exhausted 24-hour window over the 15-minute one", () => {
    const fifteenMinutes = Date.parse('2026-11-22T12:10:00Z') / 1000;
    const day = Date.parse('2026-11-23T03:00:00Z') / 1000;
    expect(
      retryAtFromHeaders(reader({ 'x-rate-limit-remaining': '0', 'x-rate-limit-reset': String(fifteenMinutes) }), now),
    ).toEqual(new Date(fifteenMinutes * 1000));
    const bothWindows = {
      'x-rate-limit-remaining': '40',
      'x-rate-limit-reset': String(fifteenMinutes),
      'x-user-limit-24hour-remaining': '0',
      'x-user-limit-24hour-reset': String(day),
    };
    expect(retryAtFromHeaders(reader(bothWindows), now)).toEqual(new Date(day * 1000));
  });

  it('says nothing when the platform said nothing', () => {
    expect(retryAtFromHeaders(reader({}), now)).toBeUndefined();
  });
});
