import { randomBytes } from 'node:crypto';
import { and, desc, eq, lte, notInArray, or } from 'drizzle-orm';
import { SIWE_NONCE_TTL_MS, type SiweNonce } from '@agentcast/contracts/membership';
import type { Database } from '@agentcast/db/client';
import { siweNonce } from '@agentcast/db/schema/wallet';

/** Open sign-in requests kept per account; older ones are dropped, so asking repeatedly cannot fill the table. */
const MAX_OPEN_NONCES_PER_USER = 5;

/**
 * A fresh 128-bit nonce (32 hex characters, which EIP-4361's alphanumeric rule accepts) for this account, valid
 * for 10 minutes and burnt by the first link attempt that names it.
 */
export const createSiweNonce = async (
  db: Database,
  { userId, now = new Date() }: { userId: string; now?: Date },
): Promise<SiweNonce> => {
  const nonce = randomBytes(16).toString('hex');
  const expiresAt = new Date(now.getTime() + SIWE_NONCE_TTL_MS);
  await db.insert(siweNonce).values({ nonce, userId, expiresAt, createdAt: now });
  const newest = db
    .select({ nonce: siweNonce.nonce })
    .from(siweNonce)
    .where(eq(siweNonce.userId, userId))
    .orderBy(desc(siweNonce.createdAt))
    .limit(MAX_OPEN_NONCES_PER_USER);
  await db
    .delete(siweNonce)
    .where(and(eq(siweNonce.userId, userId), or(lte(siweNonce.expiresAt, now), notInArray(siweNonce.nonce, newest))));
  return { nonce, expiresAt: expiresAt.toISOString() };
};
