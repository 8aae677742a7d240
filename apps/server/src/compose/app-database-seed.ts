import { createHash } from 'node:crypto';
import type { PGlite } from '@electric-sql/pglite';
import pino from 'pino';
import { pgliteConnection, type DatabaseConnection } from '@agentcast/db/client';
import { migrateDatabase } from '@agentcast/db/migrate';
import { hashMigrations } from '@agentcast/db/migrations-fingerprint';
import { createClusterFromSeed, installedVersion } from '@agentcast/db/pglite-seed';

/** Changes whenever a migration or pg-boss (which installs its own schema) changes. */
export const appDatabaseFingerprint = () =>
  hashMigrations(createHash('sha256').update(installedVersion('pg-boss')))
    .digest('hex')
    .slice(0, 16);

/** Migrated, with pg-boss's schema and queues installed: what a server's database holds before its first start. */
const prepareAppDatabase = async (connection: DatabaseConnection) => {
  await migrateDatabase(connection);
  // Only when a seed is made (at build time): a start with the seed in place does not load the job handlers here.
  const [{ createJobQueue }, { createQueues }] = await Promise.all([
    import('@agentcast/core/integrations/queue/create-job-queue'),
    import('../jobs/register-job-handlers.ts'),
  ]);
  const queue = createJobQueue(connection, pino({ level: 'silent' }));
  await queue.start();
  await createQueues(queue);
  await queue.stop({ graceful: false });
};

/**
 * The same, as a template the tests' databases are copied from (an in-memory PGlite from a cached cluster, or a
 * PostgreSQL database made with CREATE DATABASE … TEMPLATE): each test file's server starts with nothing to migrate.
 */
export const appTestDatabaseTemplate = () => ({ name: `app-${appDatabaseFingerprint()}`, prepare: prepareAppDatabase });

/**
 * The starting point of a new embedded database. A first start then costs no more time or memory than a restart
 * (measured by `npm run bench`).
 */
export const appDatabaseSeed = () => ({
  name: `app-${appDatabaseFingerprint()}`,
  prepare: (pglite: PGlite) => prepareAppDatabase(pgliteConnection(pglite)),
});

/** Makes the seed now (part of `npm run build`), in a scratch directory that is then removed. */
export const prepareAppDatabaseSeed = async (scratchDir: string) =>
  createClusterFromSeed(scratchDir, appDatabaseSeed());
