import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { and, eq, gt, ne } from 'drizzle-orm';
import { EMAIL_REVERT_LINK_DAYS, PASSWORD_RESET_MESSAGES } from '@agentcast/contracts/password-reset';
import type { Database } from '@agentcast/db/client';
import { session, user, verification } from '@agentcast/db/schema/auth';
import { revokeAllApiKeys } from '../api-keys/revoke-all-api-keys.ts';
import { AppError } from '../../kernel/app-error.ts';

const DAY_MS = 24 * 60 * 60_000;
/** How long an e-mail change link works (better-auth's `emailVerification.expiresIn`): links of before a revert are refused this long. */
const CHANGE_LINK_LIFETIME_MS = 60 * 60_000;

/** The link's token is random; only its hash is kept, so the table alone cannot undo anyone's change. */
const revertIdentifier = (token: string) => `email-revert:${createHash('sha256').update(token).digest('hex')}`;
/** When the account's address was last put back: change links made before then are refused. */
const revertedIdentifier = (userId: string) => `email-reverted:${userId}`;

type RevertValue = { userId: string; from: string; to: string };

/**
 * Called once an e-mail change is done: the token of the link mailed to the old address, which can put it back
 * within EMAIL_REVERT_LINK_DAYS.
 */
export const createEmailRevertLink = async (db: Database, change: RevertValue, now = new Date()): Promise<string> => {
  const token = randomBytes(32).toString('base64url');
  await db.insert(verification).values({
    id: randomUUID(),
    identifier: revertIdentifier(token),
    value: JSON.stringify(change),
    expiresAt: new Date(now.getTime() + EMAIL_REVERT_LINK_DAYS * DAY_MS),
    createdAt: now,
    updatedAt: now,
  });
  return token;
};

const invalid = () =>
  new AppError('VALIDATION_FAILED', PASSWORD_RESET_MESSAGES.revertLinkInvalid, {
    fieldErrors: { token: [PASSWORD_RESET_MESSAGES.revertLinkInvalid] },
  });

/**
 * Undoes an e-mail change from the link sent to the address it replaced: that address again (verified), every
 * session and API key of the account gone, and change links made before now refused for as long as they could
 * still work (whoever changed the address may hold another). The link works once. The caller then mails a password
 * reset link to the restored address, since whoever made the change knew the password.
 */
export const revertEmailChange = async (db: Database, token: string, now = new Date()) =>
  db.transaction(async (tx) => {
    const [row] = await tx
      .delete(verification)
      .where(and(eq(verification.identifier, revertIdentifier(token)), gt(verification.expiresAt, now)))
      .returning({ value: verification.value });
    if (!row) throw invalid();
    const { userId, from } = JSON.parse(row.value) as RevertValue;
    const [taken] = await tx
      .select({ id: user.id })
      .from(user)
      .where(and(eq(user.email, from), ne(user.id, userId)));
    if (taken) throw new AppError('CONFLICT', PASSWORD_RESET_MESSAGES.emailTakenSince(from));
    const restored = await tx
      .update(user)
      .set({ email: from, emailVerified: true, updatedAt: now })
      .where(eq(user.id, userId))
      .returning({ id: user.id });
    if (restored.length === 0) throw invalid();
    await tx.delete(session).where(eq(session.userId, userId));
    await revokeAllApiKeys(tx, userId);
    await tx.delete(verification).where(eq(verification.identifier, revertedIdentifier(userId)));
    await tx.insert(verification).values({
      id: randomUUID(),
      identifier: revertedIdentifier(userId),
      value: now.toISOString(),
      expiresAt: new Date(now.getTime() + CHANGE_LINK_LIFETIME_MS),
      createdAt: now,
      updatedAt: now,
    });
    return { userId, email: from };
  });

/**
 * Whether an e-mail change link issued at `issuedAtSeconds` (its JWT's `iat`) was made before the account's address
 * was last put back, and so must not work.
 */
export const isChangeLinkRevoked = async (
  db: Database,
  { userId, issuedAtSeconds }: { userId: string; issuedAtSeconds: number },
  now = new Date(),
) => {
  const [row] = await db
    .select({ revertedAt: verification.value })
    .from(verification)
    .where(and(eq(verification.identifier, revertedIdentifier(userId)), gt(verification.expiresAt, now)));
  return row !== undefined && issuedAtSeconds <= Math.floor(new Date(row.revertedAt).getTime() / 1000);
};
