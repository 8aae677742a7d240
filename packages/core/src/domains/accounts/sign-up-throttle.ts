import type { Database } from '@agentcast/db/client';
import { reserveLimitedAttempt } from './reserve-limited-attempt.ts';

/** Sign-ups per client IP per hour: enough for an office behind one address, too few to farm accounts. */
export const SIGN_UP_THROTTLE = { windowMinutes: 60, maxPerIp: 20 } as const;

/** Takes one sign-up from the address's hourly allowance, or throws RATE_LIMITED saying when to try again. */
export const reserveSignUpAttempt = (db: Database, { email, ip }: { email: string; ip: string }, now = new Date()) =>
  reserveLimitedAttempt(
    db,
    {
      kind: 'sign_up',
      email,
      ip,
      limits: [{ by: 'ip', max: SIGN_UP_THROTTLE.maxPerIp, windowMinutes: SIGN_UP_THROTTLE.windowMinutes }],
      refusal: 'Too many sign-ups from your network.',
    },
    now,
  );
