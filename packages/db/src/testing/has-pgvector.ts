import { sql } from 'drizzle-orm';
import type { DatabaseConnection } from '../client.ts';
import { queryRows } from '../query-rows.ts';

/** Whether this database can have pgvector: always on PGlite; on a server only if the extension is installed. */
export const hasPgvector = async ({ db }: DatabaseConnection) => {
  const available = await queryRows<unknown>(db, sql`SELECT 1 FROM pg_available_extensions WHERE name = 'vector'`);
  return available.length > 0;
};
