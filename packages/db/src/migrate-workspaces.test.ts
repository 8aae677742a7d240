import { rmSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseConnection } from './client.ts';
import { migrateDatabase } from './migrate.ts';
import { queryRows } from './query-rows.ts';
import { createTestDatabase } from './testing/create-test-database.ts';
import { migrationsUpTo } from './testing/migrations-up-to.ts';

/** The last migration before workspaces (0034): a database as the release before them left it. */
const LAST_BEFORE_WORKSPACES = 33;

const before = migrationsUpTo(LAST_BEFORE_WORKSPACES);
let database: DatabaseConnection;
const run = (statement: ReturnType<typeof sql>) => database.db.execute(statement);
const rows = <Row extends Record<string, unknown>>(statement: ReturnType<typeof sql>) =>
  queryRows<Row>(database.db, statement);

beforeAll(async () => {
  database = await createTestDatabase({
    name: `before-workspaces-${before.fingerprint}`,
    prepare: (connection) => migrateDatabase(connection, { migrationsFolder: before.folder }),
  });
  // Two people's rows as the old schema kept them, each tenant row under its person's user_id.
  for (const person of ['ada', 'bo']) {
    await run(
      sql`INSERT INTO "user" (id, name, email) VALUES (${person}, ${person.toUpperCase()}, ${`${person}@example.com`})`,
    );
    await run(sql`
      INSERT INTO agent (user_id, name, description, prompt, post_configuration, chat_configuration)
      VALUES (${person}, ${`${person}'s agent`}, 'd', 'p', '{}', '{}')`);
    await run(sql`
      INSERT INTO platform_connection (user_id, platform, access_token_sealed, account_id, display_name)
      VALUES (${person}, 'x', 'sealed', ${`${person}-x`}, ${person})`);
    await run(
      sql`INSERT INTO api_key (user_id, name, scope, key_hash, hint) VALUES (${person}, 'k', 'read', ${`hash-${person}`}, 'ac_')`,
    );
    await run(sql`INSERT INTO user_plan (user_id, plan) VALUES (${person}, 'pro')`);
    await run(sql`INSERT INTO daily_usage (user_id, day, posts) VALUES (${person}, '2026-11-29', 3)`);
    await run(sql`
      INSERT INTO webhook_endpoint (user_id, url, event_types, secret_sealed)
      VALUES (${person}, 'https://hooks.example/in', ARRAY['post.published'], 'sealed')`);
    await run(sql`
      INSERT INTO oauth_flow (state, user_id, target, platform, redirect_uri, expires_at)
      VALUES (${`state-${person}`}, ${person}, 'user', 'linkedin', 'https://app.example/cb', now() + interval '10 minutes')`);
  }
  await migrateDatabase(database);
});
afterAll(async () => {
  await database.close();
  rmSync(before.folder, { recursive: true, force: true });
});

describe('migration 0034 (workspaces)', () => {
  it('gives every person their own workspace, with their id and them as its owner', async () => {
    expect(await rows(sql`SELECT id, name FROM workspace ORDER BY id`)).toEqual([
      { id: 'ada', name: "ADA's workspace" },
      { id: 'bo', name: "BO's workspace" },
    ]);
    expect(await rows(sql`SELECT workspace_id, user_id, role FROM workspace_member ORDER BY user_id`)).toEqual([
      { workspace_id: 'ada', user_id: 'ada', role: 'owner' },
      { workspace_id: 'bo', user_id: 'bo', role: 'owner' },
    ]);
  });

  it('keeps every row, each in its owner’s workspace', async () => {
    for (const table of ['agent', 'platform_connection', 'user_plan', 'daily_usage', 'webhook_endpoint']) {
      expect(await rows(sql`SELECT workspace_id FROM ${sql.identifier(table)} ORDER BY workspace_id`), table).toEqual([
        { workspace_id: 'ada' },
        { workspace_id: 'bo' },
      ]);
    }
    expect(await rows(sql`SELECT name FROM agent WHERE workspace_id = 'ada'`)).toEqual([{ name: "ada's agent" }]);
    expect(await rows(sql`SELECT plan FROM user_plan WHERE workspace_id = 'bo'`)).toEqual([{ plan: 'pro' }]);
    expect(await rows(sql`SELECT posts FROM daily_usage WHERE workspace_id = 'bo'`)).toEqual([{ posts: 3 }]);
  });

  it('keeps the person on API keys and connection flows, and adds their workspace', async () => {
    for (const table of ['api_key', 'oauth_flow']) {
      expect(await rows(sql`SELECT user_id, workspace_id FROM ${sql.identifier(table)} ORDER BY user_id`)).toEqual([
        { user_id: 'ada', workspace_id: 'ada' },
        { user_id: 'bo', workspace_id: 'bo' },
      ]);
    }
  });

  it('makes a workspace with every new account, and deleting the workspace deletes what is in it', async () => {
    await run(sql`INSERT INTO "user" (id, name, email) VALUES ('cy', 'Cy', 'cy@example.com')`);
    expect(
      await rows(sql`SELECT w.name, m.role FROM workspace w JOIN workspace_member m ON m.workspace_id = w.id
      WHERE w.id = 'cy'`),
    ).toEqual([{ name: "Cy's workspace", role: 'owner' }]);

    await run(sql`DELETE FROM workspace WHERE id = 'bo'`);
    expect(await rows(sql`SELECT count(*)::int AS n FROM agent WHERE workspace_id = 'bo'`)).toEqual([{ n: 0 }]);
    expect(await rows(sql`SELECT count(*)::int AS n FROM agent WHERE workspace_id = 'ada'`)).toEqual([{ n: 1 }]);
  });
});
