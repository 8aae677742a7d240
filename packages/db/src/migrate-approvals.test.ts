import { rmSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { DatabaseConnection } from './client.ts';
import { migrateDatabase } from './migrate.ts';
import { queryRows } from './query-rows.ts';
import { createTestDatabase } from './testing/create-test-database.ts';
import { migrationsUpTo } from './testing/migrations-up-to.ts';

/**
 * A database as the release with workspaces but without invitations left it (migrated to 0034): its migration
 * table's newest time is 0034's, later than the one 0035 was journaled with, so upgrading it skipped 0035.
 */
const before = migrationsUpTo(34);
let database: DatabaseConnection;

beforeAll(async () => {
  database = await createTestDatabase({
    name: `before-approvals-${before.fingerprint}`,
    prepare: (connection) => migrateDatabase(connection, { migrationsFolder: before.folder }),
  });
  await database.db.execute(sql`INSERT INTO "user" (id, name, email) VALUES ('ada', 'Ada', 'ada@example.com')`);
  await database.db.execute(sql`
    INSERT INTO agent (workspace_id, name, description, prompt, post_configuration, chat_configuration, review_before_posting)
    VALUES ('ada', 'Careful', 'd', 'p', '{}', '{}', true), ('ada', 'Bold', 'd', 'p', '{}', '{}', false)`);
  await migrateDatabase(database);
});

afterAll(async () => {
  await database?.close();
  rmSync(before.folder, { recursive: true, force: true });
});

it('turns "Review before posting" into the approval choice: on is one approval, off is none', async () => {
  const agents = await queryRows<{ name: string; approval: string }>(
    database.db,
    sql`SELECT name, approval FROM agent ORDER BY name`,
  );
  expect(agents).toEqual([
    { name: 'Bold', approval: 'none' },
    { name: 'Careful', approval: 'one' },
  ]);
  const columns = await queryRows<{ column_name: string }>(
    database.db,
    sql`SELECT column_name FROM information_schema.columns WHERE table_name = 'agent' AND column_name = 'review_before_posting'`,
  );
  expect(columns).toEqual([]);
});

it('makes the invitations table that the upgrade from 0034 skipped, and the approvals table', async () => {
  const tables = await queryRows<{ table_name: string }>(
    database.db,
    sql`SELECT table_name FROM information_schema.tables
      WHERE table_name IN ('workspace_invitation', 'draft_approval') ORDER BY table_name`,
  );
  expect(tables.map((table) => table.table_name)).toEqual(['draft_approval', 'workspace_invitation']);
});
