import { PASSWORD_RESET_MESSAGES } from '@agentcast/contracts/password-reset';
import type { Database } from '@agentcast/db/client';
import type { AttemptLimit } from './reserve-limited-attempt.ts';
import { reserveLimitedAttempt } from './reserve-limited-attempt.ts';

/**
 * Reset links per account and per client address: each request sends an e-mail, so these keep a stranger from
 * filling someone's inbox or using the server to mail many addresses. Counted whether or not the account exists,
 * so the answer tells nothing about which addresses have one.
 */
export const PASSWORD_RESET_THROTTLE = [
  { by: 'email', max: 3, windowMinutes: 60 },
  { by: 'ip', max: 20, windowMinutes: 60 },
] as const satisfies readonly AttemptLimit[];

export const reservePasswordResetRequest = (
  db: Database,
  { email, ip }: { email: string; ip: string },
  now = new Date(),
) =>
  reserveLimitedAttempt(
    db,
    {
      kind: 'password_reset',
      email,
      ip,
      limits: PASSWORD_RESET_THROTTLE,
      refusal: PASSWORD_RESET_MESSAGES.tooManyRequests,
    },
    now,
  );
