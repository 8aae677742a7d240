import { eq } from 'drizzle-orm';
import type { Database } from '@agentcast/db/client';
import { apiKey } from '@agentcast/db/schema/api-keys';

/**
 * Deletes every key of the account: after a password change or reset (unless the person unticked it) and when an
 * e-mail change is undone, since whoever held the password or the account may have made keys. Answers how many.
 */
export const revokeAllApiKeys = async (db: Database, userId: string) =>
  (await db.delete(apiKey).where(eq(apiKey.userId, userId)).returning({ id: apiKey.id })).length;
