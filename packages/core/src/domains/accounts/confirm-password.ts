import { and, eq } from 'drizzle-orm';
import { ACCOUNT_MESSAGES } from '@agentcast/contracts/account-settings';
import type { Database } from '@agentcast/db/client';
import { account } from '@agentcast/db/schema/auth';
import { AppError } from '../../kernel/app-error.ts';
import { markAttemptSucceeded } from './auth-attempts.ts';
import { verifyPassword } from './password-hashing.ts';
import { reserveSignInAttempt } from './sign-in-throttle.ts';

/**
 * Checks the signed-in person's password before an action that changes who can reach the account (e-mail,
 * password, deletion). Each check counts as a sign-in attempt, so a session left open somewhere cannot be used to
 * guess the password faster than the login screen allows (429 past the limits).
 */
export const confirmPassword = async (
  db: Database,
  { userId, email, ip, password }: { userId: string; email: string; ip: string; password: string },
) => {
  const attemptId = await reserveSignInAttempt(db, { email, ip });
  const [credential] = await db
    .select({ hash: account.password })
    .from(account)
    .where(and(eq(account.userId, userId), eq(account.providerId, 'credential')));
  const matches = credential?.hash ? await verifyPassword({ hash: credential.hash, password }) : false;
  if (!matches)
    throw new AppError('VALIDATION_FAILED', ACCOUNT_MESSAGES.wrongPassword, {
      fieldErrors: { password: [ACCOUNT_MESSAGES.wrongPassword] },
    });
  await markAttemptSucceeded(db, attemptId);
};
