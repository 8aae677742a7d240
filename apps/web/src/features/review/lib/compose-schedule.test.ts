import { describe, expect, it } from 'vitest';
import { DRAFT_MESSAGES } from '@agentcast/contracts/drafts';
import { NO_TIME_CHOSEN, scheduledMoment } from './compose-schedule.ts';

describe('scheduledMoment', () => {
  const now = new Date(2026, 10, 25, 9, 0);

  it('reads the input as the reader’s local time', () => {
    expect(scheduledMoment('2026-11-25T09:30', now)).toEqual({ at: new Date(2026, 10, 25, 9, 30) });
  });

  it('asks for a time, and for one that has not passed', () => {
    expect(scheduledMoment('', now)).toEqual({ problem: NO_TIME_CHOSEN });
    expect(scheduledMoment('2026-11-25T08:59', now)).toEqual({ problem: DRAFT_MESSAGES.pastTime });
    expect(scheduledMoment('2026-11-25T09:00', now)).toEqual({ problem: DRAFT_MESSAGES.pastTime });
  });
});
