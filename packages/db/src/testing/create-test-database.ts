import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type DatabaseConnection } from '../client.ts';
import { migrateDatabase } from '../migrate.ts';

/**
 * A migrated, empty database for one test file: in-memory PGlite by default, or a fresh database on the
 * PostgreSQL server named by TEST_DATABASE_URL (created here, dropped by `close`).
 */
export const createTestDatabase = async (): Promise<DatabaseConnection> => {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const connection = await openDatabase({});
    await migrateDatabase(connection);
    return connection;
  }
  const name = `agentcast_test_${randomBytes(6).toString('hex')}`;
  await runOnServer(serverUrl, `CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const connection = await openDatabase({ url: url.toString(), maxConnections: 5 });
  await migrateDatabase(connection);
  return {
    ...connection,
    close: async () => {
      await connection.close();
      await runOnServer(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
};

const runOnServer = async (url: string, sql: string) => {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
};
