import { describe, expect, it } from 'vitest';
import { describeWait } from './auth-attempts.ts';
import { SIGN_IN_THROTTLE, signInRetryAt, type SignInStanding } from './sign-in-throttle.ts';

const clean: SignInStanding = {
  pairFailures: 0,
  pairLimitFailureAt: null,
  accountFailures: 0,
  accountLimitFailureAt: null,
  pairLastFailureAt: null,
  addressFailures: 0,
  addressLimitFailureAt: null,
  isKnownAddress: false,
};
const MINUTE = 60_000;
const { pair, account, address } = SIGN_IN_THROTTLE;

describe('signInRetryAt', () => {
  it('lets a clean attempt through', () => {
    expect(signInRetryAt(clean)).toBeNull();
  });

  it('holds the pair limit for everyone, known addresses included, until its oldest counted failure leaves the window', () => {
    const standing = { ...clean, pairFailures: pair.maxFailures, pairLimitFailureAt: 1_000, isKnownAddress: true };
    expect(signInRetryAt(standing)).toBe(1_000 + pair.windowMinutes * MINUTE);
    expect(signInRetryAt({ ...standing, pairFailures: pair.maxFailures - 1 })).toBeNull();
  });

  it('stops a spraying address, except at an account it has signed in to before', () => {
    const spraying = { ...clean, addressFailures: address.maxFailures, addressLimitFailureAt: 5_000 };
    expect(signInRetryAt(spraying)).toBe(5_000 + address.windowMinutes * MINUTE);
    expect(signInRetryAt({ ...spraying, isKnownAddress: true })).toBeNull();
  });

  it('past the account-wide limit, gives a fresh address one guess and makes one that failed wait', () => {
    const besieged = { ...clean, accountFailures: account.maxFailures, accountLimitFailureAt: 10_000 };
    expect(signInRetryAt(besieged)).toBeNull();
    const failedHere = { ...besieged, pairFailures: 1, pairLastFailureAt: 20_000 };
    expect(signInRetryAt(failedHere)).toBe(10_000 + account.windowMinutes * MINUTE);
    expect(signInRetryAt({ ...failedHere, isKnownAddress: true })).toBeNull();
  });
});

describe('describeWait', () => {
  it('rounds up to minutes, then to hours', () => {
    expect(describeWait(1)).toBe('1 minute');
    expect(describeWait(14 * MINUTE + 1)).toBe('15 minutes');
    expect(describeWait(90 * MINUTE)).toBe('90 minutes');
    expect(describeWait(23 * 60 * MINUTE + 5)).toBe('24 hours');
  });
});
