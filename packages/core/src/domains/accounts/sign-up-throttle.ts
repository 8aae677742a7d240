import { and, eq, gt, sql } from 'drizzle-orm';
import type { Database } from '@agentcast/db/client';
import { authAttempt } from '@agentcast/db/schema/auth-attempts';
import { insertAttempt, nthNewestAttemptAt, lockAttemptKeys, pruneAttemptsNow, rateLimited } from './auth-attempts.ts';

/** Sign-ups per client IP per hour: enough for an office behind one address, too few to farm accounts. */
export const SIGN_UP_THROTTLE = { windowMinutes: 60, maxPerIp: 20 } as const;

/**
 * Takes one sign-up from the address's hourly allowance, or throws RATE_LIMITED saying when to try again. Counted and
 * written under a lock on the address, so parallel requests cannot together go past the limit.
 */
export const reserveSignUpAttempt = async (
  db: Database,
  { email, ip }: { email: string; ip: string },
  now = new Date(),
) => {
  const windowStart = new Date(now.getTime() - SIGN_UP_THROTTLE.windowMinutes * 60_000);
  const attemptId = await db.transaction(async (tx) => {
    await lockAttemptKeys(tx, [`sign_up:address:${ip}`]);
    const [row] = await tx
      .select({
        total: sql<number>`count(*)`.mapWith(Number),
        limitSignUpAt: nthNewestAttemptAt(SIGN_UP_THROTTLE.maxPerIp),
      })
      .from(authAttempt)
      .where(and(eq(authAttempt.kind, 'sign_up'), eq(authAttempt.ip, ip), gt(authAttempt.createdAt, windowStart)));
    if ((row?.total ?? 0) >= SIGN_UP_THROTTLE.maxPerIp) {
      throw rateLimited(
        'Too many sign-ups from your network.',
        (row?.limitSignUpAt ?? now.getTime()) + SIGN_UP_THROTTLE.windowMinutes * 60_000,
        now,
      );
    }
    return insertAttempt(tx, { kind: 'sign_up', email, ip }, now);
  });
  await pruneAttemptsNow(db, now);
  return attemptId;
};
