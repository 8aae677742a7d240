import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '@agentcast/db/client';
import { migrateDatabase } from '@agentcast/db/migrate';
import { user } from '@agentcast/db/schema/auth';
import { userPlan } from '@agentcast/db/schema/plans';

const PLAN_MAIN = fileURLToPath(new URL('./plan-main.ts', import.meta.url));
const run = promisify(execFile);
let dataDir: string;

/** `npm run plan -- …` against DATA_DIR: exit code and output. */
const plan = async (...args: string[]) => {
  try {
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', PLAN_MAIN, ...args], {
      env: { PATH: process.env.PATH ?? '', DATA_DIR: dataDir },
    });
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, output: failed.stdout + failed.stderr };
  }
};

const planOf = async (email: string) => {
  const database = await openDatabase({ dataDir: join(dataDir, 'pglite') });
  try {
    const [row] = await database.db
      .select({ plan: userPlan.plan })
      .from(userPlan)
      .innerJoin(user, eq(user.id, userPlan.workspaceId))
      .where(eq(user.email, email));
    return row?.plan;
  } finally {
    await database.close();
  }
};

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'agentcast-plan-'));
  const database = await openDatabase({ dataDir: join(dataDir, 'pglite') });
  await migrateDatabase(database);
  await database.db
    .insert(user)
    .values({ id: 'alice', name: 'Alice', email: 'alice@example.com', emailVerified: true });
  await database.close();
}, 60_000);

describe('npm run plan', () => {
  it('puts an account on a plan and says what it allows', async () => {
    expect(await plan('Alice@Example.com', 'pro')).toEqual({
      code: 0,
      output: 'Alice@Example.com is now on the Pro plan (15 posts a day, 300 replies a day, 5 accounts).\n',
    });
    expect(await planOf('alice@example.com')).toBe('pro');
  }, 60_000);

  it('explains a wrong plan, an unknown e-mail and missing arguments', async () => {
    expect(await plan('alice@example.com', 'platinum')).toEqual({
      code: 1,
      output: 'Unknown plan "platinum": choose starter, pro, enterprise.\n',
    });
    expect(await plan('nobody@example.com', 'pro')).toEqual({
      code: 1,
      output: 'No account has the e-mail nobody@example.com.\n',
    });
    expect(await plan()).toMatchObject({
      code: 2,
      output: expect.stringContaining('Usage: npm run plan -- <e-mail> <starter|pro|enterprise>'),
    });
  }, 60_000);

  it('refuses while the server holds the embedded database', async () => {
    // This test's own process stands for the running server.
    writeFileSync(join(dataDir, 'agentcast.pid'), JSON.stringify({ pid: process.pid, owner: 'Agentcast server' }));
    const refused = await plan('alice@example.com', 'enterprise');
    expect(refused.code).toBe(1);
    expect(refused.output).toContain(`is in use by the Agentcast server (process ${process.pid})`);
    expect(await planOf('alice@example.com')).toBe('pro');
  }, 60_000);
});
