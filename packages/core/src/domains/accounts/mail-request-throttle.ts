import type { Database } from '@agentcast/db/client';
import { reserveLimitedAttempt, type AttemptLimit } from './reserve-limited-attempt.ts';

/**
 * Requests that mail a link to an address a visitor types (a password reset, a new verification link): few per
 * address named and per client address, so nobody fills someone's inbox or uses the server to mail many addresses.
 * Counted whether or not the address has an account, so the answer tells nothing about which ones do.
 */
export const MAIL_REQUEST_THROTTLE = [
  { by: 'email', max: 3, windowMinutes: 60 },
  { by: 'ip', max: 20, windowMinutes: 60 },
] as const satisfies readonly AttemptLimit[];

export const reserveMailRequest = (
  db: Database,
  {
    kind,
    email,
    ip,
    refusal,
  }: { kind: 'password_reset' | 'verification_resend'; email: string; ip: string; refusal: string },
  now = new Date(),
) => reserveLimitedAttempt(db, { kind, email, ip, limits: MAIL_REQUEST_THROTTLE, refusal }, now);
