import { and, count, eq, gt } from 'drizzle-orm';
import type { Database } from '@agentcast/db/client';
import { authAttempt } from '@agentcast/db/schema/auth-attempts';
import { AppError } from '../errors/app-error.ts';

/** Sign-ups per client IP per hour: enough for an office behind one address, too few to farm accounts. */
export const SIGN_UP_THROTTLE = { windowMinutes: 60, maxPerIp: 20 } as const;

export const assertSignUpAllowed = async (db: Database, { ip }: { ip: string }, now = new Date()) => {
  const since = new Date(now.getTime() - SIGN_UP_THROTTLE.windowMinutes * 60_000);
  const [row] = await db
    .select({ total: count() })
    .from(authAttempt)
    .where(and(eq(authAttempt.kind, 'sign_up'), eq(authAttempt.ip, ip), gt(authAttempt.createdAt, since)));
  if ((row?.total ?? 0) >= SIGN_UP_THROTTLE.maxPerIp) {
    throw new AppError('RATE_LIMITED', 'Too many sign-ups from your network. Please try again in an hour.', {
      retryAfterSeconds: SIGN_UP_THROTTLE.windowMinutes * 60,
    });
  }
};
