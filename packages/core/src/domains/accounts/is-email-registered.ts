import { eq } from 'drizzle-orm';
import type { Database } from '@agentcast/db/client';
import { user } from '@agentcast/db/schema/auth';

export const isEmailRegistered = async (db: Database, email: string): Promise<boolean> => {
  const rows = await db.select({ id: user.id }).from(user).where(eq(user.email, email.trim().toLowerCase())).limit(1);
  return rows.length > 0;
};
