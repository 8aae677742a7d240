import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import v8 from 'node:v8';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import type pg from 'pg';
import { PGLITE_EXTENSIONS } from './pglite-extensions.ts';
import { createClusterFromSeed, loadPgliteSeed } from './pglite-seed.ts';

/** The query builder every domain function takes first; the same type for PGlite and PostgreSQL. */
export type Database = PgDatabase<PgQueryResultHKT>;

export type DatabaseConnection =
  | { driver: 'pglite'; db: Database; pglite: PGlite; close: () => Promise<void> }
  | { driver: 'postgres'; db: Database; pool: pg.Pool; url: string; close: () => Promise<void> };

export type OpenDatabaseOptions =
  /** A PostgreSQL server (14 or newer). */
  | { url: string; maxConnections?: number }
  /**
   * Embedded PGlite kept in this directory, or in memory when `dataDir` is omitted (tests). A new cluster starts as
   * a copy of `seed` (a prepared cluster, see pglite-seed.ts), otherwise from an empty one.
   */
  | { dataDir?: string; seed?: { name: string; prepare: (pglite: PGlite) => Promise<void> } };

/**
 * Every page of shared buffers becomes resident in the WebAssembly heap at start-up (PostgreSQL's default 128 MB
 * would all stay). 16 MB (2,048 pages) holds one install's hot pages; a miss costs a read from the operating
 * system's page cache, not the disk. From 32 MB: idle RSS 18 MB lower, no measurable change in start-up time.
 */
const PGLITE_SETTINGS = ['shared_buffers = 16MB'];

/** A connection over a PGlite that someone else opened and will close (a seed being prepared). */
export const pgliteConnection = (pglite: PGlite): DatabaseConnection => ({
  driver: 'pglite',
  pglite,
  db: drizzlePglite(pglite) as unknown as Database,
  close: async () => undefined,
});

export const openDatabase = async (options: OpenDatabaseOptions): Promise<DatabaseConnection> => {
  if ('url' in options) {
    // JIT compiles a query when its estimated cost is high, which a short query can reach on a table that grew faster
    // than its statistics (a burst of scheduled runs): 15 ms of compiling for a 2 ms query. Off, as for most OLTP.
    // Loaded only for a PostgreSQL server: an embedded start does not wait for the driver before opening PGlite.
    const [{ default: pg }, { drizzle: drizzleNodePostgres }] = await Promise.all([
      import('pg'),
      import('drizzle-orm/node-postgres'),
    ]);
    const pool = new pg.Pool({
      connectionString: options.url,
      max: options.maxConnections ?? 10,
      options: '-c jit=off',
    });
    // A failed idle client must not crash the process; the next query reconnects.
    pool.on('error', () => undefined);
    const db = drizzleNodePostgres(pool) as unknown as Database;
    return { driver: 'postgres', db, pool, url: options.url, close: () => pool.end() };
  }
  // V8 re-compiles PostgreSQL's hot WebAssembly functions with its optimising compiler, which keeps about 70 MB
  // of code resident for a 25-35% speed-up on heavier queries. For an embedded database serving one install,
  // memory is the scarcer resource (npm run bench: idle RSS 270 MB → 205 MB). Must be set before compiling. Node 22+
  // freezes V8's flags once it has started, which makes this a no-op there: `npm start`, `npm run worker` and
  // `npm run plan` pass --liftoff-only on node's command line (Node 24: idle RSS 260 MB → 180 MB).
  v8.setFlagsFromString('--liftoff-only');
  const isNewCluster = !options.dataDir || !existsSync(join(options.dataDir, 'PG_VERSION'));
  // PGlite cannot create missing parent directories itself.
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const seedFromDisk = isNewCluster && options.dataDir && options.seed;
  if (seedFromDisk)
    await createClusterFromSeed(options.dataDir as string, options.seed as NonNullable<typeof options.seed>);
  const pglite = await PGlite.create(options.dataDir, {
    postgresqlconf: PGLITE_SETTINGS,
    extensions: PGLITE_EXTENSIONS,
    ...(isNewCluster && !seedFromDisk ? { loadDataDir: await loadPgliteSeed(options.seed) } : {}),
  });
  const db = drizzlePglite(pglite) as unknown as Database;
  return { driver: 'pglite', db, pglite, close: () => pglite.close() };
};
