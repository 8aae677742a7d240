import { describe, expect, it } from 'vitest';
import { isLeftToPersonToCheck, postState, whereItWent } from './post-outcome.ts';
import { PUBLISHING_MESSAGES } from './publishing-constants.ts';

describe('a post whose platform did not answer and cannot be asked', () => {
  const lost = {
    platform: 'telegram',
    status: 'failed' as const,
    error: PUBLISHING_MESSAGES.unknownOutcomeToCheck('telegram'),
  };

  it('reads as unknown, not as not posted: it may well be out', () => {
    expect(isLeftToPersonToCheck(lost)).toBe(true);
    expect(postState(lost)).toBe('unknown');
    expect(postState({ ...lost, error: 'Telegram refused the post (403).' })).toBe('not_posted');
    expect(postState({ status: 'failed' })).toBe('not_posted');
  });

  it('is told apart from a post still being checked, in the sentence of where a run went', () => {
    expect(
      whereItWent([
        { platform: 'terminal', status: 'posted', error: undefined },
        { platform: 'x', status: 'unknown', error: PUBLISHING_MESSAGES.unknownOutcome('x') },
        lost,
        { platform: 'discord', status: 'posted', error: undefined },
      ]),
    ).toBe(
      'posted to Discord; checking whether X got it; Telegram did not answer: look there before choosing "Post again"',
    );
  });
});
