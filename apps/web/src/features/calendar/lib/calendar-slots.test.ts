import { describe, expect, it } from 'vitest';
import { entriesByHour, isAhead, placeOf, slotInputValue, slotInstant, stepPlace } from './calendar-slots.ts';

const ZONE = 'Europe/Berlin';
const DAYS = ['2026-11-25', '2026-11-26', '2026-11-27'];

describe('the week view’s hour slots', () => {
  it('name an hour of a local day as the composer’s time and as an instant in the viewer’s zone', () => {
    expect(slotInputValue({ day: '2026-11-25', hour: 9 })).toBe('2026-11-25T09:00');
    expect(slotInstant({ day: '2026-11-25', hour: 9 }, ZONE, 30)?.toISOString()).toBe('2026-11-25T08:30:00.000Z');
    expect(placeOf(new Date('2026-11-25T23:30:00Z'), ZONE)).toEqual({ day: '2026-11-26', hour: 0 });
  });

  it('group a day’s entries by their local hour', () => {
    const entry = (at: string) => ({ kind: 'draft' as const, agent_id: 'a', run_id: at, at, text: '' });
    const byHour = entriesByHour([entry('2026-11-25T08:10:00Z'), entry('2026-11-25T08:50:00Z')], ZONE);
    expect([...byHour.keys()]).toEqual([9]);
    expect(byHour.get(9)).toHaveLength(2);
  });

  it('are ahead until the hour has ended', () => {
    const now = new Date('2026-11-25T08:30:00Z');
    expect(isAhead({ day: '2026-11-25', hour: 9 }, now, ZONE)).toBe(true);
    expect(isAhead({ day: '2026-11-25', hour: 8 }, now, ZONE)).toBe(false);
  });

  it('step with the arrow keys by an hour or a day, across midnight, within the days shown', () => {
    expect(stepPlace({ day: '2026-11-25', hour: 9 }, 'ArrowDown', DAYS)).toEqual({ day: '2026-11-25', hour: 10 });
    expect(stepPlace({ day: '2026-11-25', hour: 23 }, 'ArrowDown', DAYS)).toEqual({ day: '2026-11-26', hour: 0 });
    expect(stepPlace({ day: '2026-11-26', hour: 0 }, 'ArrowUp', DAYS)).toEqual({ day: '2026-11-25', hour: 23 });
    expect(stepPlace({ day: '2026-11-25', hour: 9 }, 'ArrowRight', DAYS)).toEqual({ day: '2026-11-26', hour: 9 });
    expect(stepPlace({ day: '2026-11-25', hour: 9 }, 'ArrowLeft', DAYS)).toBeUndefined();
    expect(stepPlace({ day: '2026-11-27', hour: 9 }, 'ArrowRight', DAYS)).toBeUndefined();
  });
});
