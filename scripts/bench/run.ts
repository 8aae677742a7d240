// `npm run bench`: prints the figures of every issue's benchmark beside their goals. Figures, not assertions:
// these machines are shared and noisy, so compare the ratios measured in one run.
import { execSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import pg from 'pg';
import { build } from 'vite';
import { benchAgentsList } from './agents-list.ts';
import { benchDuplicates } from './duplicates.ts';
import { benchFuzz } from './fuzz.ts';
import { initialJsGzipBytes } from './initial-js-size.ts';
import { measureStartup } from './measure-startup.ts';
import { openDatabase } from '@agentcast/db/client';
import { migrateDatabase } from '@agentcast/db/migrate';
import { benchIngestion, benchRetrieval, benchVectorSearch } from './knowledge.ts';
import { metricsRows } from './metrics-rows.ts';
import { benchOversizedBodies } from './oversized-bodies.ts';
import { benchMedia, benchTriggerLatency } from './runtime.ts';
import { benchScheduling } from './scheduling.ts';

type Row = { figure: string; value: string; goal: string; result: string };

const root = fileURLToPath(new URL('../..', import.meta.url));
const scratch = mkdtempSync(join(tmpdir(), 'agentcast-bench-'));
const postgresUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const met = (isMet: boolean) => (isMet ? 'met' : 'MISSED');
const ms = (value: number) => `${Math.round(value)} ms`;

const foundationRows = async (): Promise<Row[]> => {
  const helloDist = join(scratch, 'hello-world');
  await build({
    root: fileURLToPath(new URL('./hello-world', import.meta.url)),
    plugins: [react()],
    logLevel: 'silent',
    build: { outDir: helloDist, target: 'es2022' },
  });
  const landing = initialJsGzipBytes(join(root, 'apps/web/dist'));
  const hello = initialJsGzipBytes(helloDist);
  const cold = await measureStartup({ root, dataDir: join(scratch, 'data') });
  const warm = await measureStartup({ root, dataDir: join(scratch, 'data') });
  const ratio = landing.bytes / hello.bytes;
  return [
    {
      figure: 'landing page initial JS (gzip)',
      value: `${(landing.bytes / 1000).toFixed(1)} KB (${ratio.toFixed(2)}×)`,
      goal: '≤ 1.5× hello world',
      result: met(ratio <= 1.5),
    },
    {
      figure: 'React 19 hello world (gzip)',
      value: `${(hello.bytes / 1000).toFixed(1)} KB`,
      goal: 'floor',
      result: '',
    },
    {
      figure: 'npm start → healthy, empty DATA_DIR',
      value: ms(cold.healthyMs),
      goal: '< 3000 ms',
      result: met(cold.healthyMs < 3000),
    },
    {
      figure: 'npm start → healthy, existing DATA_DIR',
      value: ms(warm.healthyMs),
      goal: '< 3000 ms',
      result: met(warm.healthyMs < 3000),
    },
    {
      figure: 'idle RSS with PGlite, first start',
      value: `${Math.round(cold.idleRssMb)} MB`,
      goal: '< 250 MB',
      result: met(cold.idleRssMb < 250),
    },
    {
      figure: 'idle RSS with PGlite, restart',
      value: `${Math.round(warm.idleRssMb)} MB`,
      goal: '< 250 MB',
      result: met(warm.idleRssMb < 250),
    },
  ];
};

const isServerUp = async () => {
  const probe = new pg.Client({ connectionString: postgresUrl });
  try {
    await probe.connect();
    await probe.end();
    return true;
  } catch {
    return false;
  }
};

const agentsRows = async (): Promise<Row[]> => {
  if (!(await isServerUp())) {
    return [
      { figure: 'GET /api/agents on PostgreSQL', value: `skipped: no server at ${postgresUrl}`, goal: '', result: '' },
    ];
  }
  const { api, apiUncompressed, raw } = await benchAgentsList({ root, serverUrl: postgresUrl });
  const share = (rate: number) => `${Math.round((rate / raw.perSecond) * 100)}% of raw`;
  const describe = (load: typeof raw) =>
    `${Math.round(load.perSecond)} req/s, p50 ${ms(load.p50)}, p99 ${ms(load.p99)}`;
  return [
    {
      figure: 'GET /api/agents, 100 agents, 50 clients, gzip',
      value: `${describe(api)} (${share(api.perSecond)})`,
      goal: '≥ 40% of raw, p99 < 50 ms',
      result: `${met(api.perSecond >= 0.4 * raw.perSecond)} / ${met(api.p99 < 50)}`,
    },
    {
      figure: 'the same, uncompressed',
      value: `${describe(apiUncompressed)} (${share(apiUncompressed.perSecond)})`,
      goal: '≥ 40% of raw, p99 < 50 ms',
      result: `${met(apiUncompressed.perSecond >= 0.4 * raw.perSecond)} / ${met(apiUncompressed.p99 < 50)}`,
    },
    { figure: "the route's SQL through pg, 50 clients", value: describe(raw), goal: 'raw rate', result: '' },
  ];
};

const runtimeRows = async (): Promise<Row[]> => {
  const trigger = await benchTriggerLatency({ root });
  const media = await benchMedia();
  return [
    {
      figure: 'trigger → terminal, fake model, no media',
      value: `p50 ${ms(trigger.p50)}, p99 ${ms(trigger.p99)}`,
      goal: 'p50 < 150 ms',
      result: met(trigger.p50 < 150),
    },
    {
      figure: 'graphic card 1200×675',
      value: `p50 ${ms(media.cardP50)}`,
      goal: '< 300 ms',
      result: met(media.cardP50 < 300),
    },
    { figure: 'meme 1080×1080', value: `p50 ${ms(media.memeP50)}`, goal: '', result: '' },
    {
      figure: 'MP4, 4 s animated card',
      value: Number.isNaN(media.videoP50) ? 'skipped: no ffmpeg' : `p50 ${ms(media.videoP50)}`,
      goal: '',
      result: '',
    },
  ];
};

const knowledgeRows = async (): Promise<Row[]> => {
  // The embedded database, as a default install runs it.
  const database = await openDatabase({ dataDir: join(scratch, 'knowledge-pglite') });
  await migrateDatabase(database);
  try {
    const ingestion = await benchIngestion(database);
    const spread = await benchRetrieval(database);
    const stress = await benchRetrieval(database, { agents: 1 });
    const vectors = await benchVectorSearch(database);
    return [
      {
        figure: 'indexing a 200-page PDF (PGlite)',
        value: `${Math.round(ingestion.pagesPerSecond)} pages/s`,
        goal: '≥ 50 pages/s',
        result: met(ingestion.pagesPerSecond >= 50),
      },
      {
        figure: 'retrieval, 100,000 chunks over 50 agents (PGlite)',
        value: `p50 ${spread.p50.toFixed(1)} ms, p95 ${spread.p95.toFixed(1)} ms`,
        goal: 'p95 < 20 ms',
        result: met(spread.p95 < 20),
      },
      {
        figure: 'retrieval, one agent holding 100,000 chunks',
        value: `p50 ${ms(stress.p50)}, p95 ${ms(stress.p95)}`,
        goal: 'stress, no goal',
        result: '',
      },
      {
        figure: 'nearest passages by embedding, 2,000 × 1,536-d per agent (PGlite)',
        value: `p50 ${vectors.p50.toFixed(1)} ms, p95 ${vectors.p95.toFixed(1)} ms`,
        goal: 'no goal (hybrid adds this)',
        result: '',
      },
    ];
  } finally {
    await database.close();
  }
};

console.log('Building the app (npm run build)…');
execSync('npm run build', { cwd: root, stdio: 'ignore' });
const schedulingRows = async (): Promise<Row[]> => {
  if (!(await isServerUp()))
    return [
      { figure: 'scheduled runs on PostgreSQL', value: `skipped: no server at ${postgresUrl}`, goal: '', result: '' },
    ];
  const { burst, spread, arrivalPerSecond } = await benchScheduling({ root, serverUrl: postgresUrl });
  const posted = (result: typeof burst) => `${result.posted} of ${result.runs} posted to X`;
  return [
    {
      figure: '10,000 agents due at once: runs a second, one worker',
      value: `${Math.round(burst.runsPerSecond)} runs/s (${posted(burst)})`,
      goal: '≥ 200 runs/s',
      result: met(burst.runsPerSecond >= 200),
    },
    {
      figure: `10,000 agents due over ${Math.round(10_000 / arrivalPerSecond)} s (${Math.round(arrivalPerSecond)}/s): planned after due, p99`,
      value: ms(spread.plannedP99),
      goal: '< 2000 ms',
      result: met(spread.plannedP99 < 2000),
    },
    {
      figure: 'the same: due → post in the terminal',
      value: `p50 ${ms(spread.terminalP50)}, p99 ${ms(spread.terminalP99)} (${posted(spread)})`,
      goal: '',
      result: '',
    },
  ];
};

const hardeningRows = async (): Promise<Row[]> => {
  const fuzz = await benchFuzz({ runs: 10_000 });
  const bodies = await benchOversizedBodies({ root, dataDir: join(scratch, 'bodies-data') });
  const growth = bodies.peakRssMb - bodies.idleRssMb;
  return [
    {
      figure: `malformed requests over every route (seed ${fuzz.seed})`,
      value: `${fuzz.sent} sent, ${fuzz.serverErrors} answered 5xx or dropped${fuzz.serverUp ? '' : ', server DOWN'}`,
      goal: '0 5xx, server up',
      result: met(fuzz.serverErrors === 0 && fuzz.serverUp),
    },
    {
      figure: '4 parallel 300 MB bodies (auth and trigger): server RSS',
      value: `${Math.round(bodies.idleRssMb)} → ${Math.round(bodies.peakRssMb)} MB (answers ${bodies.statuses.join(', ')})`,
      goal: 'grows < 50 MB, 413s',
      result: met(growth < 50 && bodies.statuses.every((status) => status === 413)),
    },
  ];
};

const reviewRows = async (): Promise<Row[]> => {
  const rows: Row[] = [];
  for (const writer of ['offline', 'model'] as const) {
    const result = await benchDuplicates({ writer });
    const asked = writer === 'model' ? `, ${result.modelRequests} model requests` : '';
    rows.push({
      figure: `${result.runs} scheduled runs of one agent, ${writer === 'model' ? 'a fake model that repeats itself' : 'the offline writer'}: published pairs ≥ 80% similar within 50 posts`,
      value: `${result.pairsInWindow} (${result.published} published, ${result.skipped} skipped${asked})`,
      goal: '0',
      result: met(result.pairsInWindow === 0),
    });
    rows.push({
      figure: '  the same over every pair, however far apart (not compared by design)',
      value: String(result.pairsOverall),
      goal: '',
      result: '',
    });
  }
  return rows;
};

const rows = [
  ...(await foundationRows()),
  ...(await reviewRows()),
  ...(await hardeningRows()),
  ...(await agentsRows()),
  ...(await runtimeRows()),
  ...(await knowledgeRows()),
  ...(await schedulingRows()),
  ...(await metricsRows()),
];
rmSync(scratch, { recursive: true, force: true });
console.log('');
console.table(rows);
