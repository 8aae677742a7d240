import { and, eq, gt, sql } from 'drizzle-orm';
import type { Database } from '@agentcast/db/client';
import { authAttempt } from '@agentcast/db/schema/auth-attempts';
import {
  insertAttempt,
  lockAttemptKeys,
  nthNewestAttemptAt,
  pruneAttemptsNow,
  rateLimited,
  type AuthAttemptKind,
} from './auth-attempts.ts';

/** At most `max` attempts of a kind per `windowMinutes`, counted by the address they came from or the e-mail named. */
export type AttemptLimit = { by: 'ip' | 'email'; max: number; windowMinutes: number };

/**
 * Takes one attempt from every limit's allowance, or throws RATE_LIMITED (`refusal`, then when to try again). The
 * earlier attempts are counted and the new one written under locks on the keys they are counted by, so parallel
 * requests cannot together go past a limit. Limits are checked (and locked) in the order given, the same every time.
 */
export const reserveLimitedAttempt = async (
  db: Database,
  {
    kind,
    email,
    ip,
    limits,
    refusal,
  }: { kind: AuthAttemptKind; email: string; ip: string; limits: readonly AttemptLimit[]; refusal: string },
  now = new Date(),
) => {
  const account = email.toLowerCase();
  const valueOf = (limit: AttemptLimit) => (limit.by === 'ip' ? ip : account);
  const attemptId = await db.transaction(async (tx) => {
    await lockAttemptKeys(
      tx,
      limits.map((limit) => `${kind}:${limit.by}:${valueOf(limit)}`),
    );
    for (const limit of limits) {
      const windowMs = limit.windowMinutes * 60_000;
      const [row] = await tx
        .select({
          total: sql<number>`count(*)`.mapWith(Number),
          limitAttemptAt: nthNewestAttemptAt(limit.max),
        })
        .from(authAttempt)
        .where(
          and(
            eq(authAttempt.kind, kind),
            eq(limit.by === 'ip' ? authAttempt.ip : authAttempt.email, valueOf(limit)),
            gt(authAttempt.createdAt, new Date(now.getTime() - windowMs)),
          ),
        );
      if ((row?.total ?? 0) >= limit.max)
        throw rateLimited(refusal, (row?.limitAttemptAt ?? now.getTime()) + windowMs, now);
    }
    return insertAttempt(tx, { kind, email: account, ip }, now);
  });
  await pruneAttemptsNow(db, now);
  return attemptId;
};
