import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import pino from 'pino';
import type { Database, DatabaseConnection } from '@agentcast/db/client';
import { migrateDatabase, MIGRATIONS_FOLDER } from '@agentcast/db/migrate';
import { createClusterFromSeed, installedVersion } from '@agentcast/db/pglite-seed';

/** Changes whenever a migration or pg-boss (which installs its own schema) changes. */
const fingerprint = () => {
  const hash = createHash('sha256').update(installedVersion('pg-boss'));
  for (const file of readdirSync(MIGRATIONS_FOLDER, { recursive: true, encoding: 'utf8' }).sort()) {
    if (file.endsWith('.sql')) hash.update(file).update(readFileSync(join(MIGRATIONS_FOLDER, file)));
  }
  return hash.digest('hex').slice(0, 16);
};

/**
 * The starting point of a new embedded database: migrated, with pg-boss's schema and queues installed. A first
 * start then costs no more time or memory than a restart (measured by `npm run bench`).
 */
export const appDatabaseSeed = () => ({
  name: `app-${fingerprint()}`,
  prepare: async (pglite: PGlite) => {
    const connection: DatabaseConnection = {
      driver: 'pglite',
      pglite,
      db: drizzle(pglite) as unknown as Database,
      close: async () => undefined,
    };
    await migrateDatabase(connection);
    // Only when a seed is made (at build time): a start with the seed in place does not load the job handlers here.
    const [{ createJobQueue }, { createQueues }] = await Promise.all([
      import('@agentcast/core/integrations/queue/create-job-queue'),
      import('./jobs/register-job-handlers.ts'),
    ]);
    const queue = createJobQueue(connection, pino({ level: 'silent' }));
    await queue.start();
    await createQueues(queue);
    await queue.stop({ graceful: false });
  },
});

/** Makes the seed now (part of `npm run build`), in a scratch directory that is then removed. */
export const prepareAppDatabaseSeed = async (scratchDir: string) =>
  createClusterFromSeed(scratchDir, appDatabaseSeed());
