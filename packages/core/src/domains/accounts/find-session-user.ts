import { and, eq, gt } from 'drizzle-orm';
import type { Database } from '@agentcast/db/client';
import { session, user } from '@agentcast/db/schema/auth';
import { isPastAbsoluteLifetime } from './session-policy.ts';

export type SessionUser = { id: string; email: string };

/**
 * The user behind a session token, in one query, or null when the session is unknown, expired, or past its
 * 30-day limit.
 */
export const findSessionUser = async (db: Database, token: string, now = new Date()): Promise<SessionUser | null> => {
  const [row] = await db
    .select({ id: user.id, email: user.email, createdAt: session.createdAt })
    .from(session)
    .innerJoin(user, eq(user.id, session.userId))
    .where(and(eq(session.token, token), gt(session.expiresAt, now)))
    .limit(1);
  if (!row || isPastAbsoluteLifetime(row.createdAt, now)) return null;
  return { id: row.id, email: row.email };
};
