import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { createSecretBox } from '@agentcast/core/integrations/secrets/secret-box';
import { openDatabase } from '@agentcast/db/client';
import { migrateDatabase } from '@agentcast/db/migrate';
import { startOpenAiFake } from '@agentcast/test-fakes/openai-server';
import { startXApiFake, type XApiFake } from '@agentcast/test-fakes/x-api-fake';

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A hundred agents an account: the fake X keeps each account's posts to check for repeats, as X does. */
const ACCOUNTS = 100;

/**
 * 10,000 agents over 100 Enterprise accounts, each posting every hour to the terminal and X (so that each posts
 * once per phase), each account's X
 * connected (a user-level connection, sealed with the worker's key, to an account of the fake X).
 */
const seedAgents = async (
  pool: pg.Pool,
  agents: number,
  { x, encryptionKey }: { x: XApiFake; encryptionKey: string },
) => {
  await pool.query(`
    INSERT INTO "user" (id, name, email, email_verified)
    SELECT 'bench-' || n, 'Bench ' || n, 'bench' || n || '@example.com', true FROM generate_series(1, ${ACCOUNTS}) AS n`);
  await pool.query(
    `INSERT INTO user_plan (workspace_id, plan) SELECT 'bench-' || n, 'enterprise' FROM generate_series(1, ${ACCOUNTS}) AS n`,
  );
  const box = createSecretBox(encryptionKey);
  for (let n = 1; n <= ACCOUNTS; n++) {
    const account = x.addUser({ username: `bench_${n}` });
    await pool.query(
      `INSERT INTO platform_connection (workspace_id, platform, access_token_sealed, account_id, display_name, handle) VALUES ($1, 'x', $2, $3, $4, $4)`,
      [`bench-${n}`, box.seal(account.token), account.id, account.username],
    );
  }
  await pool.query(
    `INSERT INTO agent (workspace_id, name, description, prompt, activities, post_configuration, chat_configuration)
     SELECT 'bench-' || (1 + n % ${ACCOUNTS}), 'Agent ' || n, 'Posts about AI', 'You write short posts about AI.', '["post"]',
       '{"clients":["terminal","x"],"interval":60,"topics":["AI"],"enabled":true,"reply_to_usernames":[]}',
       '{"clients":[],"reply_to_usernames":[],"reply_to_replies":true,"enabled":false}'
     FROM generate_series(1, $1) AS n`,
    [agents],
  );
};

/** Every agent's next slot: `spreadMs` 0 puts them all due at `start`; else evenly over the span. */
const scheduleAll = (pool: pg.Pool, start: Date, spreadMs: number) =>
  pool.query(
    `INSERT INTO agent_schedule (agent_id, kind, workspace_id, interval_ms, jitter_ms, next_run_at)
     SELECT id, 'post', workspace_id, 3600000, 0, $1::timestamptz + (row_number() OVER (ORDER BY id) - 1) * ($2::float / count(*) OVER ()) * interval '1 millisecond'
     FROM agent
     ON CONFLICT (agent_id, kind) DO UPDATE SET next_run_at = excluded.next_run_at`,
    [start.toISOString(), spreadMs],
  );

/** What the worker has spent so far: statements sent to PostgreSQL (count-queries.mjs) and CPU time (Linux). */
const workerSpending = (pid: number | undefined, countFile: string) => {
  const counted = existsSync(countFile)
    ? (JSON.parse(readFileSync(countFile, 'utf8')) as { total: number; byStatement: Record<string, number> })
    : { total: 0, byStatement: {} };
  let cpuMs = NaN;
  try {
    // utime and stime, in clock ticks (100 a second on Linux), after the parenthesised command name.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    cpuMs = (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    // Not Linux: CPU time is not reported.
  }
  return { queries: counted.total, byStatement: counted.byStatement, cpuMs };
};

/** BENCH_QUERY_SHAPES=1: which statements a phase sent, most frequent first, per run. */
const printStatements = (name: string, runs: number, before: Record<string, number>, after: Record<string, number>) => {
  const lines = Object.entries(after)
    .map(([shape, count]) => [shape, (count - (before[shape] ?? 0)) / runs] as const)
    .filter(([, perRun]) => perRun > 0)
    .sort((a, b) => b[1] - a[1])
    .slice(0, 40);
  console.error(`\n${name}: statements per run`);
  for (const [shape, perRun] of lines) console.error(`${perRun.toFixed(3).padStart(8)}  ${shape}`);
};

/** Waits until every run since `since` is in the terminal and its X delivery settled; then reads the timings. */
const measure = async (pool: pg.Pool, since: Date, expected: number) => {
  // Cheap to ask (partial indexes on unfinished work), so that watching does not slow down what is watched.
  for (let waited = 0; ; waited += 1000) {
    const { rows } = await pool.query(
      `SELECT (SELECT count(*) FROM agent_run WHERE due_at >= $1) AS planned,
              (SELECT count(*) FROM agent_run WHERE status IN ('planned', 'generating')) AS running,
              (SELECT count(*) FROM delivery WHERE status IN ('planned', 'generating', 'ready', 'posting', 'unknown')) AS delivering`,
      [since.toISOString()],
    );
    if (Number(rows[0].planned) >= expected && Number(rows[0].running) === 0 && Number(rows[0].delivering) === 0) break;
    if (waited > 300_000)
      throw new Error(`only ${rows[0].planned} of ${expected} runs planned, ${rows[0].running} running`);
    await sleep(1000);
  }
  const failures = await pool.query(
    `SELECT d.error, count(*) FROM delivery d JOIN agent_run r ON r.id = d.run_id WHERE r.due_at >= $1 AND d.status = 'failed' GROUP BY 1`,
    [since.toISOString()],
  );
  if (failures.rows.length > 0) console.warn('failed deliveries:', failures.rows);
  const { rows } = await pool.query(
    `SELECT extract(epoch FROM r.created_at - r.due_at) * 1000 AS planned_late,
            extract(epoch FROM t.created_at - r.due_at) * 1000 AS in_terminal,
            extract(epoch FROM d.updated_at) * 1000 AS delivered_at,
            extract(epoch FROM t.created_at) * 1000 AS terminal_at,
            d.status AS x_status
     FROM agent_run r JOIN terminal_message t ON t.message_id = r.terminal_message_id
     JOIN delivery d ON d.run_id = r.id AND d.platform = 'x' WHERE r.due_at >= $1`,
    [since.toISOString()],
  );
  const planned = rows.map((row) => Number(row.planned_late));
  const terminal = rows.map((row) => Number(row.in_terminal));
  const lastDone = Math.max(...rows.map((row) => Number(row.terminal_at)));
  return {
    runs: rows.length,
    runsPerSecond: rows.length / ((lastDone - since.getTime()) / 1000),
    posted: rows.filter((row) => row.x_status === 'posted').length,
    plannedP99: percentile(planned, 99),
    terminalP50: percentile(terminal, 50),
    terminalP99: percentile(terminal, 99),
  };
};

/**
 * Issue 5's benchmark: 10,000 agents scheduled, one `npm run worker` process on PostgreSQL, the fake model and the
 * fake X API. First every agent falls due at once (how many runs a second one worker gets through); then their slots
 * come due spread over `spreadMs` at about the goal's rate (how late each is planned and posted).
 */
export const benchScheduling = async ({
  root,
  serverUrl,
  agents = 10_000,
  spreadMs = 50_000,
}: {
  root: string;
  serverUrl: string;
  agents?: number;
  spreadMs?: number;
}) => {
  const databaseName = `agentcast_bench_sched_${Date.now()}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${databaseName}`);
  const url = new URL(serverUrl);
  url.pathname = `/${databaseName}`;
  const database = await openDatabase({ url: url.toString() });
  await migrateDatabase(database);
  await database.close();
  const pool = new pg.Pool({ connectionString: url.toString(), max: 4 });
  pool.on('error', () => undefined);
  // Fakes that keep no request log: it is the harness's memory, and ten thousand entries slowed its answers.
  const llm = await startOpenAiFake({ recordRequests: false });
  // Each post differs: X refuses a repeat of an account's earlier post.
  llm.defaultReply = { content: 'Post {n}: models keep getting cheaper; the edge is {varied}. #AI' };
  const encryptionKey = randomBytes(32).toString('base64');
  const x = await startXApiFake({ recordRequests: false });
  // BENCH_NODE_ARGS (e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof") profiles the worker.
  const nodeArgs = process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  const countFile = join(tmpdir(), `${databaseName}-queries.json`);
  const countQueries = join(root, 'scripts/bench/count-queries.mjs');
  const worker = spawn(process.execPath, [...nodeArgs, '--import', countQueries, 'apps/server/dist/worker.js'], {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? '',
      DATABASE_URL: url.toString(),
      LOG_LEVEL: 'error',
      OPENAI_API_KEY: 'sk-bench',
      OPENAI_BASE_URL: llm.baseURL,
      X_API_BASE_URL: x.baseUrl,
      ENCRYPTION_KEY: encryptionKey,
      BENCH_QUERY_COUNT_FILE: countFile,
      ...(process.env.BENCH_QUERY_SHAPES && { BENCH_QUERY_SHAPES: '1' }),
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    await seedAgents(pool, agents, { x, encryptionKey });
    // A phase's spending: from before its slots are set to after its last post (the count file lags by 200 ms).
    const phase = async (name: string, at: Date, spread: number) => {
      const before = workerSpending(worker.pid, countFile);
      await scheduleAll(pool, at, spread);
      const result = await measure(pool, at, agents);
      await sleep(400);
      const after = workerSpending(worker.pid, countFile);
      if (process.env.BENCH_QUERY_SHAPES) printStatements(name, result.runs, before.byStatement, after.byStatement);
      return {
        ...result,
        queriesPerRun: (after.queries - before.queries) / result.runs,
        cpuMsPerRun: (after.cpuMs - before.cpuMs) / result.runs,
      };
    };
    const burst = await phase('burst', new Date(Date.now() + 3000), 0);
    const spread = await phase('spread', new Date(Date.now() + 2000), spreadMs);
    return { burst, spread, arrivalPerSecond: agents / (spreadMs / 1000) };
  } finally {
    worker.kill('SIGTERM');
    await new Promise((resolve) => worker.once('exit', resolve));
    await pool.end();
    await llm.close();
    await x.close();
    rmSync(countFile, { force: true });
    await admin.query(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
    await admin.end();
  }
};
