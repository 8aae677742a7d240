import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq, inArray } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_WAITING_DRAFTS } from '@agentcast/contracts/drafts';
import type { Analytics } from '@agentcast/contracts/analytics';
import { apiKeyHint, hashApiKey, newApiKeySecret } from '@agentcast/core/domains/api-keys/api-key-secret';
import { approveDrafts } from '@agentcast/core/domains/runs/review/approve-drafts';
import { createEventBus } from '@agentcast/core/integrations/events/event-bus';
import { createJobQueue } from '@agentcast/core/integrations/queue/create-job-queue';
import { createLocalStorageDriver } from '@agentcast/core/integrations/storage/local-storage-driver';
import { openDatabase, type DatabaseConnection } from '@agentcast/db/client';
import { apiKey } from '@agentcast/db/schema/api-keys';
import { migrateDatabase } from '@agentcast/db/migrate';
import { agentRun, delivery } from '@agentcast/db/schema/runs';
import { agentSchedule } from '@agentcast/db/schema/schedules';
import { createTestDatabase } from '@agentcast/db/testing/create-test-database';
import { startOpenAiFake, type OpenAiFake } from '@agentcast/test-fakes/openai-server';
import { startXApiFake, type XApiFake } from '@agentcast/test-fakes/x-api-fake';
import { seedPostingAgent } from './testing/seed-posting-agent.ts';
import { spawnAppProcess, type AppProcess } from './testing/spawn-app-process.ts';

/** An interval minute lasts a second: a slot a second, leases of seconds. */
const TIME_SCALE = 60;
const MINUTE_MS = 60_000 / TIME_SCALE;
const KILLING_MS = 20_000;
const between = (min: number, max: number) => min + Math.random() * (max - min);
/**
 * The moment of the next kill, chosen at random between `min` and `max` ms from now: what this suite tests is that
 * work survives a kill at any moment, so the delay is the choice of that moment, not a wait for something to be done
 * (every wait for an outcome below is on a condition).
 */
const killMomentAfter = (min: number, max: number) =>
  // eslint-disable-next-line no-restricted-syntax -- a random kill moment is this test's input, not a wait for work
  new Promise((resolve) => setTimeout(resolve, between(min, max)));

let llm: OpenAiFake;
let x: XApiFake;
const encryptionKey = randomBytes(32).toString('base64');
const processes = new Set<AppProcess>();

beforeAll(async () => {
  llm = await startOpenAiFake();
  // Every post differs (X refuses a repeat) and takes a moment, as the platform call does: kills land mid-run.
  llm.defaultReply = { content: 'Scheduled post number {n} on {varied}. #AI', delayMs: 150 };
  x = await startXApiFake();
  x.slowDown('POST /2/tweets', 400);
});
afterAll(async () => {
  await Promise.all([...processes].map((app) => app.kill()));
  await llm.close();
  await x.close();
});

const commonEnv = () => ({
  NODE_ENV: 'test',
  TIME_SCALE: String(TIME_SCALE),
  ENCRYPTION_KEY: encryptionKey,
  OPENAI_API_KEY: 'sk-test',
  OPENAI_BASE_URL: llm.baseURL,
  LLM_MAX_RETRIES: '0',
  X_API_BASE_URL: x.baseUrl,
  PLATFORM_TIMEOUT_MS: '2000',
});

const start = async (kind: 'server' | 'worker', env: Record<string, string>) => {
  const app = await spawnAppProcess(kind, { ...commonEnv(), ...env });
  processes.add(app);
  void app.exited.then(() => processes.delete(app));
  return app;
};

/** Every run of the agent and its X delivery, and what the fake X holds for the account. */
const outcome = async (db: DatabaseConnection['db'], agentId: string, accountId: string) => {
  const runs = await db.select().from(agentRun).where(eq(agentRun.agentId, agentId)).orderBy(agentRun.slotAt);
  const deliveries =
    runs.length > 0
      ? await db
          .select()
          .from(delivery)
          .where(
            and(
              inArray(
                delivery.runId,
                runs.map((run) => run.id),
              ),
              eq(delivery.platform, 'x'),
            ),
          )
      : [];
  return { runs, deliveries, posts: x.posts.filter((post) => post.authorId === accountId) };
};

const expectEachRunPostedOnce = ({ runs, deliveries, posts }: Awaited<ReturnType<typeof outcome>>) => {
  expect(runs.length).toBeGreaterThan(5);
  expect(runs.map((run) => run.status)).toEqual(runs.map(() => 'ready'));
  expect(deliveries.map((item) => item.status)).toEqual(runs.map(() => 'posted'));
  // Exactly one post at X per run, and no post that is not a run's.
  expect(posts.map((post) => post.text).sort()).toEqual(runs.map((run) => run.postText).sort());
  expect(new Set(deliveries.map((item) => item.externalId))).toEqual(new Set(posts.map((post) => post.id)));
};

describe('workers killed mid-job, again and again', () => {
  it.runIf(Boolean(process.env.TEST_DATABASE_URL))(
    '`npm run worker` processes on PostgreSQL, one killed every few seconds: every slot planned and posted to X exactly once',
    async () => {
      const database = await createTestDatabase();
      try {
        if (database.driver !== 'postgres') throw new Error('needs PostgreSQL');
        const account = x.addUser({ username: 'steady_pg' });
        const { agentId } = await seedPostingAgent(database.db, {
          encryptionKey,
          x: { token: account.token, accountId: account.id, username: account.username },
          minuteMs: MINUTE_MS,
        });
        const env = { DATABASE_URL: database.url };
        // Replacements start in the background (a start takes seconds): a kill every second or two, while at least
        // one other worker is up.
        const ready: AppProcess[] = await Promise.all([
          start('worker', env),
          start('worker', env),
          start('worker', env),
        ]);
        const starting: Promise<void>[] = [];
        const replace = () => starting.push(start('worker', env).then((worker) => void ready.push(worker)));
        // Kills every second or two for at least 1.5 × KILLING_MS, and until 8 have landed (a loaded machine starts
        // workers slowly): longer rather than fewer.
        const until = Date.now() + 1.5 * KILLING_MS;
        const latest = Date.now() + 4 * KILLING_MS;
        let kills = 0;
        while ((Date.now() < until || kills < 8) && Date.now() < latest) {
          await killMomentAfter(700, 1800);
          if (ready.length < 2) continue;
          const victim = ready.splice(Math.floor(Math.random() * ready.length), 1)[0]!;
          await victim.kill('SIGKILL');
          kills++;
          replace();
        }
        await Promise.all(starting);
        const workers = ready;
        // No new slots; let the survivors settle what the dead left behind.
        await database.db.delete(agentSchedule).where(eq(agentSchedule.agentId, agentId));
        await expect
          .poll(
            async () => {
              const { runs, deliveries } = await outcome(database.db, agentId, account.id);
              return (
                runs.every((run) => run.status === 'ready') && deliveries.every((item) => item.status === 'posted')
              );
            },
            { timeout: 60_000, interval: 500 },
          )
          .toBe(true);
        await Promise.all(workers.map((worker) => worker.kill('SIGTERM')));

        const result = await outcome(database.db, agentId, account.id);
        expectEachRunPostedOnce(result);
        expect(kills).toBeGreaterThanOrEqual(8);
        // With a worker alive at all times, no slot was missed: one a minute (here a second), every one.
        const gaps = result.runs
          .slice(1)
          .map((run, index) => run.slotAt!.getTime() - result.runs[index]!.slotAt!.getTime());
        expect(new Set(gaps)).toEqual(new Set([MINUTE_MS]));
      } finally {
        await database.close();
      }
    },
    180_000,
  );

  it.runIf(!process.env.TEST_DATABASE_URL)(
    'the embedded server killed and restarted on its DATA_DIR: every run it planned is posted to X exactly once',
    async () => {
      const dataDir = mkdtempSync(join(tmpdir(), 'agentcast-crash-'));
      const open = async () => {
        const database = await openDatabase({ dataDir: join(dataDir, 'pglite') });
        await migrateDatabase(database);
        return database;
      };
      const account = x.addUser({ username: 'steady_pglite' });
      let database = await open();
      const { agentId, workspaceId } = await seedPostingAgent(database.db, {
        encryptionKey,
        x: { token: account.token, accountId: account.id, username: account.username },
        minuteMs: MINUTE_MS,
      });
      await database.close();

      const env = { DATA_DIR: dataDir };
      let server = await start('server', env);
      // Kills every second or two for at least KILLING_MS, and until 4 have landed (a loaded machine starts the
      // server slowly: time alone gave 3 once, beside another test run).
      const until = Date.now() + KILLING_MS;
      const latest = Date.now() + 3 * KILLING_MS;
      let kills = 0;
      while ((Date.now() < until || kills < 4) && Date.now() < latest) {
        await killMomentAfter(1000, 2500);
        await server.kill('SIGKILL');
        kills++;
        server = await start('server', env);
      }
      // No new slots, then one more life to settle what was cut short: leases run out in seconds at this scale. The
      // database is the server's alone while it runs (PGlite), so the test follows it through the API, with a
      // read-only key of the account's: Analytics counts the deliveries recorded as posted (the delivery rows
      // themselves; the terminal's copy of them may lag behind a kill).
      await server.kill('SIGTERM');
      database = await open();
      await database.db.delete(agentSchedule).where(eq(agentSchedule.agentId, agentId));
      const planned = (await outcome(database.db, agentId, account.id)).runs.length;
      const key = newApiKeySecret();
      await database.db.insert(apiKey).values({
        workspaceId,
        userId: workspaceId,
        name: 'crash test',
        scope: 'read',
        keyHash: hashApiKey(key),
        hint: apiKeyHint(key),
      });
      await database.close();
      server = await start('server', env);
      const url = /Agentcast is running on (http:\/\/localhost:\d+)/.exec(server.output())![1]!;
      const postedToX = async () => {
        const response = await fetch(`${url}/api/analytics?agent_id=${agentId}&days=7`, {
          headers: { authorization: `Bearer ${key}` },
        });
        return ((await response.json()) as Analytics).totals.platforms.x?.posts ?? 0;
      };
      // Settled: every run planned is recorded as posted to X (a delivery left unknown is reconciled first).
      await expect.poll(postedToX, { timeout: 60_000, interval: 500 }).toBe(planned);
      await server.kill('SIGTERM');

      database = await open();
      try {
        expectEachRunPostedOnce(await outcome(database.db, agentId, account.id));
        expect(kills).toBeGreaterThanOrEqual(4);
      } finally {
        await database.close();
      }
    },
    180_000,
  );

  it.runIf(Boolean(process.env.TEST_DATABASE_URL))(
    'drafts approved while `npm run worker` processes are killed again and again: each published to X exactly once',
    async () => {
      const database = await createTestDatabase();
      const logger = pino({ level: 'silent' });
      const queue = createJobQueue(database, logger);
      await queue.start();
      const events = await createEventBus(database, logger);
      try {
        if (database.driver !== 'postgres') throw new Error('needs PostgreSQL');
        const account = x.addUser({ username: 'reviewed_pg' });
        const { agentId, workspaceId } = await seedPostingAgent(database.db, {
          encryptionKey,
          x: { token: account.token, accountId: account.id, username: account.username },
          minuteMs: MINUTE_MS,
          reviewBeforePosting: true,
        });
        const env = { DATABASE_URL: database.url };
        const ready: AppProcess[] = await Promise.all([start('worker', env), start('worker', env)]);
        const drafts = async () =>
          database.db
            .select({ id: agentRun.id })
            .from(agentRun)
            .where(and(eq(agentRun.agentId, agentId), eq(agentRun.status, 'awaiting_review')));
        // The agent drafts up to its cap, and nothing reaches X before a person approves.
        await expect.poll(async () => (await drafts()).length, { timeout: 30_000 }).toBe(MAX_WAITING_DRAFTS);
        await database.db.delete(agentSchedule).where(eq(agentSchedule.agentId, agentId));
        expect(x.posts.filter((post) => post.authorId === account.id)).toEqual([]);

        const ids = (await drafts()).map((draft) => draft.id);
        const storage = createLocalStorageDriver({
          rootDir: mkdtempSync(join(tmpdir(), 'agentcast-crash-')),
          publicBaseUrl: 'http://localhost',
        });
        await approveDrafts(
          { db: database.db, queue, events, storage, defaultPlan: 'enterprise' },
          { workspaceId, ids, now: true, approver: { userId: workspaceId } },
        );
        const starting: Promise<void>[] = [];
        // At least KILLING_MS / 2 of kills, and until 5 have landed.
        const until = Date.now() + KILLING_MS / 2;
        const latest = Date.now() + 3 * KILLING_MS;
        let kills = 0;
        while ((Date.now() < until || kills < 5) && Date.now() < latest) {
          await killMomentAfter(300, 900);
          if (ready.length < 1) continue;
          const victim = ready.splice(Math.floor(Math.random() * ready.length), 1)[0]!;
          await victim.kill('SIGKILL');
          kills++;
          starting.push(start('worker', env).then((worker) => void ready.push(worker)));
        }
        await Promise.all(starting);
        await expect
          .poll(
            async () => {
              const { deliveries } = await outcome(database.db, agentId, account.id);
              return deliveries.every((item) => item.status === 'posted');
            },
            { timeout: 60_000, interval: 500 },
          )
          .toBe(true);
        await Promise.all(ready.map((worker) => worker.kill('SIGTERM')));

        const result = await outcome(database.db, agentId, account.id);
        expect(result.runs.map((run) => run.id).sort()).toEqual([...ids].sort());
        expectEachRunPostedOnce(result);
        expect(kills).toBeGreaterThanOrEqual(5);
      } finally {
        await events.close();
        await queue.stop({ graceful: false });
        await database.close();
      }
    },
    180_000,
  );
});
