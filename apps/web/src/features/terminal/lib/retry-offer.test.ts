import { describe, expect, it } from 'vitest';
import { PUBLISHING_MESSAGES } from '@agentcast/contracts/publishing-constants';
import type { Delivery } from '@agentcast/contracts/terminal';
import { retryOffer } from './retry-offer.ts';

const failed = (error?: string): Delivery => ({ platform: 'x', status: 'failed', error });

describe('retryOffer', () => {
  it("offers Retry for a platform's refusal or errors, whatever the connection reads", () => {
    expect(retryOffer(failed('X refused the post (403: Forbidden).'), undefined)).toEqual({ kind: 'retry' });
    expect(retryOffer(failed('Gave up after 6 attempts: X is unavailable'), false)).toEqual({ kind: 'retry' });
    expect(retryOffer(failed(), true)).toEqual({ kind: 'retry' });
  });

  it('offers Retry for a post that had no account once one is connected, and says so until then', () => {
    const unconnected = failed(PUBLISHING_MESSAGES.notConnected('x'));
    expect(retryOffer(unconnected, true)).toEqual({ kind: 'retry' });
    expect(retryOffer(unconnected, false)).toEqual({
      kind: 'note',
      text: 'Retry is offered here once X is connected.',
    });
    expect(retryOffer(unconnected, undefined)).toBeNull();
  });

  it('offers Post again where the platform did not answer and cannot be asked, and Retry for its other failures', () => {
    const lost: Delivery = {
      platform: 'telegram',
      status: 'failed',
      error: PUBLISHING_MESSAGES.unknownOutcomeToCheck('telegram'),
    };
    expect(retryOffer(lost, true)).toEqual({ kind: 'post-again' });
    expect(retryOffer({ ...lost, error: 'Telegram failed on its side (502).' }, true)).toEqual({ kind: 'retry' });
    // The sentence of another platform is not this one's.
    expect(retryOffer({ ...lost, platform: 'discord' }, true)).toEqual({ kind: 'retry' });
  });

  it('offers nothing a retry cannot change, nor for a post that did not fail', () => {
    expect(retryOffer(failed(PUBLISHING_MESSAGES.noAdapter('x')), true)).toBeNull();
    expect(
      retryOffer({ ...failed(PUBLISHING_MESSAGES.needsMedia('youtube', 'video')), platform: 'youtube' }, true),
    ).toBeNull();
    for (const status of [
      'posted',
      'ready',
      'posting',
      'unknown',
      'awaiting_review',
      'rejected',
      'removed',
      'skipped',
    ] as const)
      expect(retryOffer({ platform: 'x', status }, true)).toBeNull();
  });
});
