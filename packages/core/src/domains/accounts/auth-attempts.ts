import { and, eq, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '@agentcast/db/client';
import { authAttempt } from '@agentcast/db/schema/auth-attempts';
import { AppError } from '../../kernel/app-error.ts';

export type AuthAttemptKind = 'sign_in' | 'sign_up' | 'password_reset' | 'verification_resend' | 'link_page';

/** A failed attempt matters to no limit after a day; a successful sign-in marks its address as known for 30 days. */
const FAILURE_RETENTION_MS = 24 * 60 * 60_000;
export const SUCCESS_RETENTION_MS = 30 * 24 * 60 * 60_000;

/**
 * Serialises every attempt that shares one of these keys until the caller's transaction ends, so that counting
 * the earlier attempts and writing the new one happen as one step however many requests arrive at once.
 * Callers pass their keys in one fixed order (account before address), so two transactions never wait on each other
 * in a cycle.
 */
export const lockAttemptKeys = async (tx: Database, keys: string[]) => {
  for (const key of keys) await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
};

/**
 * Epoch milliseconds of the n-th newest attempt among the rows matching the filter (all rows without one): once it
 * leaves a limit's window, where n is the limit, an attempt is free again. `n` is a constant of the code.
 */
export const nthNewestAttemptAt = (n: number, filter?: SQL) =>
  sql<
    number | null
  >`floor(extract(epoch from (array_agg(${authAttempt.createdAt} ORDER BY ${authAttempt.createdAt} DESC)${
    filter ? sql` FILTER (WHERE ${filter})` : sql``
  })[${sql.raw(String(Math.trunc(n)))}]) * 1000)::float8`.mapWith(Number);

/** Writes the attempt before the password is checked; it counts as a failure until settled otherwise. */
export const insertAttempt = async (
  tx: Database,
  attempt: { kind: AuthAttemptKind; email: string; ip: string },
  now: Date,
) => {
  const [row] = await tx
    .insert(authAttempt)
    .values({ ...attempt, email: attempt.email.toLowerCase(), succeeded: false, createdAt: now })
    .returning({ id: authAttempt.id });
  if (!row) throw new Error('auth_attempt insert returned no row');
  return row.id;
};

export const markAttemptSucceeded = async (db: Database, attemptId: number) => {
  await db.update(authAttempt).set({ succeeded: true }).where(eq(authAttempt.id, attemptId));
};

/** An attempt that never reached a verdict (the auth service failed) is given back: it was no guess. */
export const cancelAttempt = async (db: Database, attemptId: number) => {
  await db.delete(authAttempt).where(eq(authAttempt.id, attemptId));
};

/** Pruning on about one write in a hundred keeps the table small without a scheduler. */
export const pruneAttemptsNow = async (db: Database, now: Date, random = Math.random) => {
  if (random() >= 0.01) return;
  await db
    .delete(authAttempt)
    .where(
      or(
        and(
          eq(authAttempt.succeeded, false),
          lt(authAttempt.createdAt, new Date(now.getTime() - FAILURE_RETENTION_MS)),
        ),
        lt(authAttempt.createdAt, new Date(now.getTime() - SUCCESS_RETENTION_MS)),
      ),
    );
};

/** "12 minutes", "1 minute", "3 hours": when the person may try again, rounded up. */
export const describeWait = (waitMs: number) => {
  const minutes = Math.max(1, Math.ceil(waitMs / 60_000));
  if (minutes <= 90) return minutes === 1 ? '1 minute' : `${minutes} minutes`;
  const hours = Math.ceil(minutes / 60);
  return `${hours} hours`;
};

/** The 429 of a throttle, with the wait in the message and in Retry-After. */
export const rateLimited = (messageStart: string, retryAt: number, now: Date) => {
  const waitMs = Math.max(0, retryAt - now.getTime());
  return new AppError('RATE_LIMITED', `${messageStart} Please try again in ${describeWait(waitMs)}.`, {
    retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)),
  });
};
