import { sql } from 'drizzle-orm';
import type { DatabaseConnection } from '../client.ts';

/** Whether this database can have pgvector: always on PGlite; on a server only if the extension is installed. */
export const hasPgvector = async ({ db }: DatabaseConnection) => {
  const result = await db.execute(sql`SELECT 1 FROM pg_available_extensions WHERE name = 'vector'`);
  return (result as unknown as { rows: unknown[] }).rows.length > 0;
};
