import { and, eq, gt } from 'drizzle-orm';
import type { Database } from '@agentcast/db/client';
import { user, verification } from '@agentcast/db/schema/auth';

/**
 * The account a password reset token is for, while it is unused and unexpired; null otherwise. better-auth keeps
 * the token as `reset-password:{token}` with the user's id as its value, and deletes it when it is used.
 */
export const findPasswordResetUser = async (db: Database, token: string, now = new Date()) => {
  const [row] = await db
    .select({ userId: verification.value })
    .from(verification)
    .where(and(eq(verification.identifier, `reset-password:${token}`), gt(verification.expiresAt, now)));
  return row?.userId ?? null;
};

/** A reset link reached the account's address and was opened: that address is the person's, verified. */
export const markEmailVerified = async (db: Database, userId: string) => {
  await db.update(user).set({ emailVerified: true }).where(eq(user.id, userId));
};
