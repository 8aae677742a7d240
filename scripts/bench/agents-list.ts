import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { agentsJsonQuery } from '@agentcast/core/domains/agents/find-agents-json';
import { createHttpGetter, runLoad } from './load.ts';
import { freePort } from './process-stats.ts';

const AGENT = {
  name: 'Bench agent',
  description: 'An agent for the list benchmark',
  prompt: 'You write about markets.',
  sample_posts: ['A sample post about rates and tech', 'Another one about earnings season'],
  post_configuration: { topics: ['markets', 'AI'] },
};

/**
 * GET /api/agents for a user with 100 agents, from 50 concurrent clients, against the built server on PostgreSQL;
 * then the SQL that route runs, straight through `pg` (same pool size as the server's), in the same run.
 */
export const benchAgentsList = async ({
  root,
  serverUrl,
  durationMs = 8000,
}: {
  root: string;
  serverUrl: string;
  durationMs?: number;
}) => {
  const databaseName = `agentcast_bench_${Date.now()}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${databaseName}`);
  const url = new URL(serverUrl);
  url.pathname = `/${databaseName}`;
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  // BENCH_NODE_ARGS (e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof") profiles the server under this load.
  const nodeArgs = process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  const child = spawn(process.execPath, [...nodeArgs, 'apps/server/dist/main.js'], {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? '',
      PORT: String(port),
      DATABASE_URL: url.toString(),
      DATA_DIR: mkdtempSync(join(tmpdir(), 'agentcast-bench-')),
      LOG_LEVEL: 'error',
      PUBLIC_URL: base,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const pool = new pg.Pool({ connectionString: url.toString(), max: 10 });
  // DROP DATABASE … WITH (FORCE) at the end ends the idle connections; that is expected.
  pool.on('error', () => undefined);
  try {
    for (let attempt = 0; ; attempt++) {
      if ((await fetch(`${base}/api/health`).catch(() => null))?.ok) break;
      if (attempt > 200 || child.exitCode !== null) throw new Error('the server did not start');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const headers = { 'content-type': 'application/json', origin: base };
    const email = 'bench@example.com';
    await fetch(`${base}/api/auth/sign-up/email`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ email, password: 'bench password 1' }),
    });
    await pool.query('UPDATE "user" SET email_verified = true WHERE email = $1', [email]);
    const signIn = await fetch(`${base}/api/auth/sign-in/email`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ email, password: 'bench password 1' }),
    });
    const cookie = signIn.headers
      .getSetCookie()
      .map((value) => value.split(';')[0])
      .join('; ');
    for (let index = 0; index < 100; index++) {
      await fetch(`${base}/api/agents`, {
        method: 'POST',
        headers: { ...headers, cookie },
        body: JSON.stringify({ ...AGENT, name: `Bench agent ${index}` }),
      });
    }
    const { rows } = await pool.query<{ id: string }>('SELECT id FROM "user" WHERE email = $1', [email]);
    const userId = rows[0]?.id;

    // As a browser asks (compressed answers welcome), and as a client that takes the bytes as they are.
    const browserLike = createHttpGetter(base, { cookie, 'accept-encoding': 'gzip, deflate, br' }, 50);
    const api = await runLoad(() => browserLike.get('/api/agents'), { concurrency: 50, durationMs });
    browserLike.close();
    const plain = createHttpGetter(base, { cookie }, 50);
    const apiUncompressed = await runLoad(() => plain.get('/api/agents'), { concurrency: 50, durationMs });
    plain.close();
    // The very query the API runs for this list, straight through `pg`.
    const query = new PgDialect().sqlToQuery(
      agentsJsonQuery({ userId: userId ?? '', imageBaseUrl: `${base}/storage/images/` }),
    );
    const raw = await runLoad(
      async () => {
        await pool.query(query.sql, query.params);
      },
      { concurrency: 50, durationMs },
    );
    return { api, apiUncompressed, raw };
  } finally {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    }
    await pool.end();
    await admin.query(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
    await admin.end();
  }
};
