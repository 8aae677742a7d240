import { createHash, randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, pgliteConnection, type DatabaseConnection } from '../client.ts';
import { migrateDatabase } from '../migrate.ts';
import { migrationsFingerprint } from '../migrations-fingerprint.ts';

/** What every test database starts as, prepared once per `name` (change the name whenever `prepare` would change). */
export type TestDatabaseTemplate = { name: string; prepare: (connection: DatabaseConnection) => Promise<void> };

/** The default: the committed migrations applied. */
export const migratedTemplate = (): TestDatabaseTemplate => ({
  name: `migrated-${migrationsFingerprint()}`,
  prepare: (connection) => migrateDatabase(connection),
});

/**
 * A database for one test file, already prepared as `template` says (migrated by default): in-memory PGlite loaded
 * from a cluster prepared once and cached (packages/db/.cache), or a fresh database on the PostgreSQL server named by
 * TEST_DATABASE_URL, copied from a template database prepared once on that server (dropped again by `close`). Each
 * file's setup is one copy, not a run of every migration (issue 31).
 */
export const createTestDatabase = async (
  template: TestDatabaseTemplate = migratedTemplate(),
): Promise<DatabaseConnection> => {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    return openDatabase({
      seed: { name: template.name, prepare: (pglite) => template.prepare(pgliteConnection(pglite)) },
    });
  }
  const name = `agentcast_test_${randomBytes(6).toString('hex')}`;
  await withServer(serverUrl, async (admin) => {
    // One process prepares the template while the others wait; copying from it needs no one else connected to it.
    await admin.query('SELECT pg_advisory_lock($1)', [TEMPLATE_LOCK_ID]);
    try {
      const templateName = await ensureTemplate(admin, serverUrl, template);
      await admin.query(`CREATE DATABASE ${name} TEMPLATE ${templateName}`);
    } finally {
      await admin.query('SELECT pg_advisory_unlock($1)', [TEMPLATE_LOCK_ID]);
    }
  });
  const connection = await openDatabase({ url: databaseUrl(serverUrl, name), maxConnections: 5 });
  return {
    ...connection,
    close: async () => {
      await connection.close();
      await withServer(serverUrl, (admin) => admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  };
};

/** Any fixed number: the processes of a test run that make databases on one server take this lock in turn. */
const TEMPLATE_LOCK_ID = 7_311_420_027;

/**
 * The template database for `template` on this server, made if missing: built under another name and renamed when
 * ready, so a run stopped halfway never leaves a half-prepared template to copy.
 */
const ensureTemplate = async (admin: pg.Client, serverUrl: string, template: TestDatabaseTemplate) => {
  const templateName = `agentcast_template_${createHash('sha256').update(template.name).digest('hex').slice(0, 16)}`;
  const existing = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [templateName]);
  if (existing.rowCount) return templateName;
  const building = `${templateName}_building`;
  await admin.query(`DROP DATABASE IF EXISTS ${building} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${building}`);
  const connection = await openDatabase({ url: databaseUrl(serverUrl, building), maxConnections: 2 });
  try {
    await template.prepare(connection);
  } finally {
    await connection.close();
  }
  await admin.query(`ALTER DATABASE ${building} RENAME TO ${templateName}`);
  return templateName;
};

const databaseUrl = (serverUrl: string, name: string) => {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
};

const withServer = async <T>(url: string, use: (client: pg.Client) => Promise<T>) => {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await use(client);
  } finally {
    await client.end();
  }
};
