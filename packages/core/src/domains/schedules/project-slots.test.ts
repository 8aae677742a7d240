import { describe, expect, it } from 'vitest';
import { projectSlots, skipKey, type PostSchedule } from './project-slots.ts';

const HOUR = 3_600_000;
const from = new Date('2026-11-24T20:30:00Z');
const schedule = (overrides: Partial<PostSchedule> = {}): PostSchedule => ({
  agentId: 'a',
  intervalMs: HOUR,
  jitterMs: 0,
  spread: null,
  nextRunAt: new Date('2026-11-24T21:00:00Z'),
  review: false,
  waitingDrafts: 0,
  ...overrides,
});
const project = (overrides: Partial<Parameters<typeof projectSlots>[0]> = {}) =>
  projectSlots({
    schedules: [schedule()],
    from,
    to: new Date(from.getTime() + 24 * HOUR),
    postsPerDay: null,
    used: new Map(),
    maxDrafts: 10,
    skips: new Set(),
    limit: 1000,
    ...overrides,
  });
const times = (slots: { at: Date }[]) => slots.map((slot) => slot.at.toISOString().slice(11, 16));

describe('projecting the coming post slots', () => {
  it('steps each agent by its interval, jitter included, merged in time order', () => {
    const { slots } = project({
      schedules: [
        schedule(),
        schedule({ agentId: 'b', intervalMs: 2 * HOUR, jitterMs: 90_000, nextRunAt: new Date('2026-11-24T22:01:30Z') }),
      ],
      to: new Date('2026-11-25T01:00:00Z'),
    });
    expect(slots.map((slot) => `${slot.agentId} ${slot.at.toISOString().slice(11, 19)}`)).toEqual([
      'a 21:00:00',
      'a 22:00:00',
      'b 22:01:30',
      'a 23:00:00',
      'a 00:00:00',
      'b 00:01:30',
    ]);
    expect(slots.find((slot) => slot.agentId === 'b')?.slotAt.toISOString()).toBe('2026-11-24T22:00:00.000Z');
  });

  it('shares the day’s posts among the account’s agents and names tomorrow’s first slot once they are used', () => {
    const { slots } = project({
      schedules: [schedule(), schedule({ agentId: 'b', nextRunAt: new Date('2026-11-24T21:30:00Z') })],
      postsPerDay: 2,
      used: new Map([['2026-11-24', 1]]),
    });
    // One post left today: a at 21:00; then each agent's remaining slots today are one over-quota entry.
    expect(slots.slice(0, 3).map((slot) => [slot.agentId, times([slot])[0], slot.outcome, slot.repeats])).toEqual([
      ['a', '21:00', 'post', 1],
      ['b', '21:30', 'over_quota', 3],
      ['a', '22:00', 'over_quota', 2],
    ]);
    expect(slots.filter((slot) => slot.outcome === 'post').map((slot) => slot.at.toISOString())).toEqual([
      '2026-11-24T21:00:00.000Z',
      '2026-11-25T00:00:00.000Z',
      '2026-11-25T00:30:00.000Z',
    ]);
  });

  it('lets a skipped slot pass without using the quota, and drafts until the agent has its most waiting', () => {
    const skipped = new Date('2026-11-24T22:00:00Z');
    const { slots } = project({
      schedules: [schedule({ review: true, waitingDrafts: 8 })],
      skips: new Set([skipKey('a', skipped)]),
      postsPerDay: 2,
    });
    expect(slots.map((slot) => [times([slot])[0], slot.outcome])).toEqual([
      ['21:00', 'draft'],
      ['22:00', 'skipped'],
      ['23:00', 'draft'],
      ['00:00', 'drafts_full'],
    ]);
    expect(slots.at(-1)?.repeats).toBe(21);
  });

  it('shows a slot missed while no worker ran as due now, the latest one only, and cuts a long answer', () => {
    const { slots } = project({ schedules: [schedule({ nextRunAt: new Date('2026-11-24T17:00:00Z') })] });
    expect(slots[0]?.at).toEqual(from);
    expect(slots[0]?.slotAt.toISOString()).toBe('2026-11-24T20:00:00.000Z');
    expect(times(slots.slice(1, 3))).toEqual(['21:00', '22:00']);

    const cut = project({ schedules: [schedule({ intervalMs: 60_000 })], limit: 100 });
    expect(cut).toMatchObject({ truncated: true });
    expect(cut.slots).toHaveLength(100);
  });

  it('follows a spread schedule’s times of day: two posts a day on Starter, no slot over the quota', () => {
    const spread = { zone: 'UTC', times: [9 * 3600, 15 * 3600] };
    const { slots } = project({
      schedules: [schedule({ spread, nextRunAt: new Date('2026-11-25T09:00:00Z') })],
      to: new Date('2026-11-27T20:30:00Z'),
      postsPerDay: 2,
    });
    expect(slots.map((slot) => `${slot.at.toISOString().slice(5, 16)} ${slot.outcome}`)).toEqual([
      '11-25T09:00 post',
      '11-25T15:00 post',
      '11-26T09:00 post',
      '11-26T15:00 post',
      '11-27T09:00 post',
      '11-27T15:00 post',
    ]);
  });

  it('counts what a day ahead holds already: a post written for tomorrow takes one of its slots', () => {
    const spread = { zone: 'UTC', times: [9 * 3600, 15 * 3600] };
    const { slots } = project({
      schedules: [schedule({ spread, nextRunAt: new Date('2026-11-25T09:00:00Z') })],
      to: new Date('2026-11-26T20:30:00Z'),
      postsPerDay: 2,
      used: new Map([
        ['2026-11-24', 2],
        ['2026-11-25', 1],
      ]),
    });
    expect(slots.map((slot) => `${slot.at.toISOString().slice(5, 16)} ${slot.outcome} ${slot.repeats}`)).toEqual([
      '11-25T09:00 post 1',
      '11-25T15:00 over_quota 1',
      '11-26T09:00 post 1',
      '11-26T15:00 post 1',
    ]);
  });
});
