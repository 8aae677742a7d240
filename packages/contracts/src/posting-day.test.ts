import { describe, expect, it } from 'vitest';
import {
  clockTime,
  isSpreadSlot,
  needsSpread,
  nextSpreadSlot,
  postShares,
  previousSpreadSlot,
  relativeDay,
  spreadTimes,
} from './posting-day.ts';

const HOUR = 3600;
const hours = (times: number[]) => times.map((time) => time / HOUR);

describe('an agent’s posting day', () => {
  it('shares a plan’s posts among the account’s agents, never leaving one without', () => {
    expect(postShares(2, 1)).toEqual([2]);
    expect(postShares(2, 2)).toEqual([1, 1]);
    expect(postShares(15, 4)).toEqual([4, 4, 4, 3]);
    expect(postShares(2, 3)).toEqual([1, 1, 1]);
  });

  it('spreads an interval that would make more posts than the share over the posting hours', () => {
    expect(needsSpread(60 * 60_000, 2)).toBe(true);
    expect(needsSpread(12 * 60 * 60_000, 2)).toBe(false);
    expect(hours(spreadTimes(2, 0, 1))).toEqual([9, 15]);
    // Two agents sharing Starter's two posts: one in the morning, one in the afternoon.
    expect(hours(spreadTimes(1, 0, 2))).toEqual([9]);
    expect(hours(spreadTimes(1, 1, 2))).toEqual([15]);
    expect(spreadTimes(15, 0, 1)).toHaveLength(15);
  });

  it('finds the slots in the account’s time zone, across a change of daylight saving time', () => {
    const spread = { zone: 'Europe/Berlin', times: [9 * HOUR, 15 * HOUR] };
    // 20:00 in Berlin on 24 November (UTC+1): the next is 09:00 the next morning.
    expect(nextSpreadSlot(spread, new Date('2026-11-24T19:00:00Z')).toISOString()).toBe('2026-11-25T08:00:00.000Z');
    expect(nextSpreadSlot(spread, new Date('2026-11-25T08:00:00Z')).toISOString()).toBe('2026-11-25T14:00:00.000Z');
    expect(previousSpreadSlot(spread, new Date('2026-11-25T13:59:59Z')).toISOString()).toBe('2026-11-25T08:00:00.000Z');
    // Berlin moves to summer time on 29 March 2026: 09:00 is then 07:00 UTC.
    expect(nextSpreadSlot(spread, new Date('2026-03-28T15:00:00Z')).toISOString()).toBe('2026-03-29T07:00:00.000Z');
    expect(isSpreadSlot(spread, new Date('2026-03-29T07:00:00Z'))).toBe(true);
    expect(isSpreadSlot(spread, new Date('2026-03-29T08:00:00Z'))).toBe(false);
    const utc = { zone: 'UTC', times: [9 * HOUR] };
    expect(nextSpreadSlot(utc, new Date('2026-11-24T09:00:00Z')).toISOString()).toBe('2026-11-25T09:00:00.000Z');
  });

  it('says when, as the plan texts write it', () => {
    const now = new Date('2026-11-24T22:30:00Z');
    expect(clockTime('Europe/Berlin', new Date('2026-11-25T08:00:00Z'))).toBe('09:00');
    // 23:30 in Berlin: 09:00 the next morning is tomorrow there, today in New York.
    expect(relativeDay('Europe/Berlin', new Date('2026-11-25T08:00:00Z'), now)).toBe('tomorrow');
    expect(relativeDay('America/New_York', new Date('2026-11-24T23:00:00Z'), now)).toBe('today');
    expect(relativeDay('UTC', new Date('2026-11-27T09:00:00Z'), now)).toBe('on Fri, Nov 27');
  });
});
