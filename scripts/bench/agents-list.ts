import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { agentsPageQuery } from '@agentcast/core/domains/agents/find-agents-page';
import { runLighthouse, type LighthouseFigures } from './lighthouse.ts';
import { runLoad } from './load.ts';
import { freePort } from './process-stats.ts';

const AGENT = {
  name: 'Bench agent',
  description: 'An agent for the list benchmark',
  prompt: 'You write about markets.',
  sample_posts: ['A sample post about rates and tech', 'Another one about earnings season'],
  post_configuration: { topics: ['markets', 'AI'] },
};

/**
 * A GET over a keep-alive pool (node:http costs the load generator less CPU than fetch); resolves once the whole
 * body has arrived with the expected status. Remembers the ETag of the last answer, for the revalidation figure.
 */
const createGetter = (baseUrl: string, headers: Record<string, string>, connections: number, expected = 200) => {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const { hostname, port } = new URL(baseUrl);
  let etag = '';
  const get = (path: string) =>
    new Promise<void>((resolve, reject) => {
      const request = http.get({ agent, hostname, port, path, headers }, (response) => {
        etag = String(response.headers.etag ?? etag);
        response.on('data', () => undefined);
        response.on('end', () =>
          response.statusCode === expected ? resolve() : reject(new Error(`HTTP ${response.statusCode}`)),
        );
        response.on('error', reject);
      });
      request.on('error', reject);
    });
  return { get, etag: () => etag, close: () => agent.destroy() };
};

type LoadFigures = Awaited<ReturnType<typeof runLoad>>;

/**
 * Each task in turn, in ROUNDS short slices (a, b, c, a, b, c, …), so that the other work on this shared machine
 * weighs on all of them alike and their ratios mean something; each task's figures are over all its slices.
 */
const ROUNDS = 4;
const interleavedLoads = async <Name extends string>(
  tasks: Record<Name, () => Promise<void>>,
  { concurrency, durationMs }: { concurrency: number; durationMs: number },
) => {
  const slices = new Map<Name, LoadFigures[]>();
  for (let round = 0; round < ROUNDS; round++)
    for (const [name, task] of Object.entries(tasks) as [Name, () => Promise<void>][])
      slices.set(name, [
        ...(slices.get(name) ?? []),
        await runLoad(task, { concurrency, durationMs: durationMs / ROUNDS }),
      ]);
  const merged = (figures: LoadFigures[]): LoadFigures => {
    const requests = figures.reduce((sum, slice) => sum + slice.requests, 0);
    // The slices last alike, so the rate is their mean; a percentile over slices, weighted by their requests, is the
    // worst slice's at most: the highest is taken, which never flatters.
    return {
      requests,
      errors: figures.reduce((sum, slice) => sum + slice.errors, 0),
      perSecond: figures.reduce((sum, slice) => sum + slice.perSecond, 0) / figures.length,
      p50: Math.max(...figures.map((slice) => slice.p50)),
      p99: Math.max(...figures.map((slice) => slice.p99)),
    };
  };
  return Object.fromEntries([...slices].map(([name, figures]) => [name, merged(figures)])) as Record<Name, LoadFigures>;
};

/**
 * The first page (50) of GET /api/agents for a user with 100 agents, from 50 concurrent clients, against the built
 * server on PostgreSQL: gzipped, uncompressed, and revalidated with If-None-Match (304); then the SQL that renders
 * that page, straight through `pg` (same pool size as the server's), in the same run; and that SQL once more with
 * the page's fingerprint known, which is all an unchanged page costs the database.
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
      // Named, not found relative to the server's bundle: Lighthouse loads the dashboard from it.
      WEB_DIST_DIR: join(root, 'apps/web/dist'),
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
    const workspaceId = rows[0]?.id;

    // The very query that renders the first page, and the same once its fingerprint is known.
    const pageQuery = { workspaceId: workspaceId ?? '', imageBaseUrl: `${base}/storage/images/`, limit: 50 };
    const query = new PgDialect().sqlToQuery(agentsPageQuery(pageQuery));
    const { rows: pageRows } = await pool.query<{ fingerprint: string; agents: string }>(query.sql, query.params);
    const known = pageRows[0];
    const pageAgents = (JSON.parse(known?.agents ?? '[]') as unknown[]).length;
    if (pageAgents !== 50) throw new Error(`the page holds ${pageAgents} agents, not 50`);
    const fingerprintQuery = new PgDialect().sqlToQuery(
      agentsPageQuery({ ...pageQuery, knownFingerprints: [known?.fingerprint ?? ''] }),
    );

    // As a browser asks (compressed answers welcome), as a client that takes the bytes as they are, and as a browser
    // asking again with the ETag it holds (304, no body).
    const browserLike = createGetter(base, { cookie, 'accept-encoding': 'gzip, deflate, br' }, 50);
    await browserLike.get('/api/agents');
    const plain = createGetter(base, { cookie }, 50);
    const revalidating = createGetter(
      base,
      { cookie, 'accept-encoding': 'gzip, deflate, br', 'if-none-match': browserLike.etag() },
      50,
      304,
    );
    const loads = await interleavedLoads(
      {
        api: () => browserLike.get('/api/agents'),
        apiUncompressed: () => plain.get('/api/agents'),
        notModified: () => revalidating.get('/api/agents'),
        raw: async () => void (await pool.query(query.sql, query.params)),
        rawUnchanged: async () => void (await pool.query(fingerprintQuery.sql, fingerprintQuery.params)),
      },
      { concurrency: 50, durationMs },
    );
    for (const getter of [browserLike, plain, revalidating]) getter.close();
    // The dashboard of this account (100 agents) on a phone, as Lighthouse measures it: the median of three runs. The
    // server runs with the membership gate off, as the browser tests' main server does (a member's view).
    const lighthouseRuns: LighthouseFigures[] = [];
    for (let run = 0; run < 3; run++)
      lighthouseRuns.push(await runLighthouse(`${base}/dashboard`, { extraHeaders: { cookie } }));
    const dashboard = lighthouseRuns.sort((a, b) => a.performance - b.performance)[1] as LighthouseFigures;
    return { ...loads, dashboard, lighthouseRuns };
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
