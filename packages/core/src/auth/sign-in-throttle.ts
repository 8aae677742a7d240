import { and, count, eq, gt, lt } from 'drizzle-orm';
import type { Database } from '@agentcast/db/client';
import { authAttempt } from '@agentcast/db/schema/auth-attempts';
import { AppError } from '../errors/app-error.ts';

/**
 * Failed sign-ins are counted per account and per client IP over a sliding window. The account limit stops
 * password guessing against one person from many addresses; the IP limit stops one address spraying many accounts.
 */
export const SIGN_IN_THROTTLE = {
  windowMinutes: 15,
  maxFailuresPerAccount: 10,
  maxFailuresPerIp: 50,
} as const;

export type AuthAttemptKey = { email: string; ip: string };

const windowStart = (now: Date) => new Date(now.getTime() - SIGN_IN_THROTTLE.windowMinutes * 60_000);

/** Throws RATE_LIMITED when this account or this IP has used up its failures in the current window. */
export const assertSignInAllowed = async (db: Database, { email, ip }: AuthAttemptKey, now = new Date()) => {
  const since = windowStart(now);
  const failures = (column: typeof authAttempt.email | typeof authAttempt.ip, value: string) =>
    db
      .select({ total: count() })
      .from(authAttempt)
      .where(
        and(
          eq(authAttempt.kind, 'sign_in'),
          eq(column, value),
          eq(authAttempt.succeeded, false),
          gt(authAttempt.createdAt, since),
        ),
      );
  const [[byAccount], [byIp]] = await Promise.all([
    failures(authAttempt.email, email.toLowerCase()),
    failures(authAttempt.ip, ip),
  ]);
  if ((byAccount?.total ?? 0) >= SIGN_IN_THROTTLE.maxFailuresPerAccount || (byIp?.total ?? 0) >= SIGN_IN_THROTTLE.maxFailuresPerIp) {
    throw new AppError(
      'RATE_LIMITED',
      `Too many failed sign-in attempts. Please wait ${SIGN_IN_THROTTLE.windowMinutes} minutes and try again.`,
      { retryAfterSeconds: SIGN_IN_THROTTLE.windowMinutes * 60 },
    );
  }
};

/** Rows older than this are of no use to any window and are pruned as new attempts arrive. */
const RETENTION_MS = 24 * 60 * 60_000;

export const recordAuthAttempt = async (
  db: Database,
  attempt: AuthAttemptKey & { kind: 'sign_in' | 'sign_up'; succeeded: boolean },
  now = new Date(),
) => {
  await db.insert(authAttempt).values({ ...attempt, email: attempt.email.toLowerCase(), createdAt: now });
  // Pruning on about one write in a hundred keeps the table small without a scheduler.
  if (Math.random() < 0.01) {
    await db.delete(authAttempt).where(lt(authAttempt.createdAt, new Date(now.getTime() - RETENTION_MS)));
  }
};
