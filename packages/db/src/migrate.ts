import { dirname, join } from 'node:path';
import { createRequire } from 'node:module';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import type { DatabaseConnection } from './client.ts';

/**
 * Found through the package's own name rather than this file's URL, so it still resolves when the
 * server is bundled into one file.
 */
export const MIGRATIONS_FOLDER = join(
  dirname(createRequire(import.meta.url).resolve('@agentcast/db/package.json')),
  'migrations',
);

/** Any fixed number: every process that migrates the same server takes this advisory lock first. */
const MIGRATION_LOCK_ID = 7_311_420_026;

/**
 * Applies the committed SQL migrations that have not run yet. Safe to call from several processes at once.
 * `migrationsFolder` is for the tests that build a database as an older release left it.
 */
export const migrateDatabase = async (
  connection: DatabaseConnection,
  { migrationsFolder = MIGRATIONS_FOLDER }: { migrationsFolder?: string } = {},
): Promise<void> => {
  if (connection.driver === 'pglite') {
    await migratePglite(drizzlePglite(connection.pglite), { migrationsFolder });
    return;
  }
  // Loaded only for a PostgreSQL server, like the driver itself (client.ts).
  const [{ drizzle: drizzleNodePostgres }, { migrate: migrateNodePostgres }] = await Promise.all([
    import('drizzle-orm/node-postgres'),
    import('drizzle-orm/node-postgres/migrator'),
  ]);
  const client = await connection.pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    await migrateNodePostgres(drizzleNodePostgres(client), { migrationsFolder });
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => undefined);
    client.release();
  }
};
