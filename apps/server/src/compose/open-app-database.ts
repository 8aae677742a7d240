import { join } from 'node:path';
import type { Logger } from 'pino';
import { openDatabase, type DatabaseConnection } from '@agentcast/db/client';
import { lockDataDir } from '@agentcast/db/data-dir-lock';
import { migrateDatabase } from '@agentcast/db/migrate';
import type { Env } from '../env.ts';
import { appDatabaseSeed } from './app-database-seed.ts';

export type AppDatabase = {
  database: DatabaseConnection;
  /** Closes the database (PGlite writes its files on close), then gives the data directory back. */
  close: () => Promise<void>;
};

/**
 * The app's database, migrated: DATABASE_URL's PostgreSQL server, or the embedded PGlite in DATA_DIR (on a first
 * start, copied from the prepared seed). The embedded database belongs to one process, so `holder` names the one
 * that takes DATA_DIR's lock (a second server, or `npm run plan` while it runs, is refused with that name).
 */
export const openAppDatabase = async (env: Env, holder: string, logger?: Logger): Promise<AppDatabase> => {
  const startedAt = performance.now();
  const releaseDataDir = env.DATABASE_URL ? () => undefined : lockDataDir(env.DATA_DIR, holder);
  try {
    const database = await openDatabase(
      env.DATABASE_URL
        ? { url: env.DATABASE_URL, maxConnections: env.DATABASE_POOL_SIZE }
        : { dataDir: join(env.DATA_DIR, 'pglite'), seed: appDatabaseSeed() },
    );
    await migrateDatabase(database);
    logger?.info({ driver: database.driver, ms: Math.round(performance.now() - startedAt) }, 'Database ready');
    return {
      database,
      close: async () => {
        await database.close();
        releaseDataDir();
      },
    };
  } catch (error) {
    releaseDataDir();
    throw error;
  }
};
