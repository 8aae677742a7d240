import { and, eq, gt, ne } from 'drizzle-orm';
import type { Database } from '@agentcast/db/client';
import { session } from '@agentcast/db/schema/auth';
import { SESSION_POLICY } from './session-policy.ts';

/** How many sessions of the account, besides this one, could still be used (not expired, not past 30 days). */
export const countOtherSessions = async (
  db: Database,
  { userId, currentToken }: { userId: string; currentToken: string },
  now = new Date(),
) => {
  const oldestUsable = new Date(now.getTime() - SESSION_POLICY.absoluteLifetimeSeconds * 1000);
  const rows = await db
    .select({ token: session.token })
    .from(session)
    .where(
      and(
        eq(session.userId, userId),
        ne(session.token, currentToken),
        gt(session.expiresAt, now),
        gt(session.createdAt, oldestUsable),
      ),
    );
  return rows.length;
};
