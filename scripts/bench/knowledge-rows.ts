import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { openDatabase, type DatabaseConnection } from '@agentcast/db/client';
import { migrateDatabase } from '@agentcast/db/migrate';
import { benchIngestion, benchRetrieval, benchVectorSearch } from './knowledge.ts';
import { isServerUp, met, postgresUrl, skippedWithoutServer, type Row } from './rows.ts';

type Percentiles = { p50: number; p95: number };

const percentiles = ({ p50, p95 }: Percentiles) => `p50 ${p50.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms`;

/** Issue 19 §1's two goals for one database. */
const retrievalRows = (where: string, { spread, single }: { spread: Percentiles; single: Percentiles }): Row[] => [
  {
    figure: `retrieval, 1,000,000 chunks over 50 agents (${where})`,
    value: percentiles(spread),
    goal: 'p95 ≤ 5 ms',
    result: met(spread.p95 <= 5),
  },
  {
    figure: `retrieval, one agent holding 100,000 chunks (${where})`,
    value: percentiles(single),
    goal: 'p95 ≤ 20 ms',
    result: met(single.p95 <= 20),
  },
];

const onPglite = async (): Promise<Row[]> => {
  const dataDir = mkdtempSync(join(tmpdir(), 'agentcast-bench-knowledge-'));
  const database = await openDatabase({ dataDir });
  await migrateDatabase(database);
  try {
    const ingestion = await benchIngestion(database);
    const vectors = await benchVectorSearch(database);
    const retrieval = await benchRetrieval(database, { dataDir });
    return [
      {
        figure: 'indexing a 200-page PDF (PGlite)',
        value: `${Math.round(ingestion.pagesPerSecond)} pages/s`,
        goal: '≥ 50 pages/s',
        result: met(ingestion.pagesPerSecond >= 50),
      },
      ...retrievalRows('PGlite', retrieval),
      {
        figure: 'nearest passages by embedding, 2,000 × 1,536-d per agent (PGlite)',
        value: percentiles(vectors),
        goal: 'no goal (hybrid adds this)',
        result: '',
      },
    ];
  } finally {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
};

/** A fresh database on the server, migrated for `use` and dropped afterwards. */
export const withServerDatabase = async <T>(use: (database: DatabaseConnection) => Promise<T>) => {
  const name = `agentcast_bench_knowledge_${Date.now()}`;
  const admin = new pg.Client({ connectionString: postgresUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(postgresUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString() });
  try {
    await migrateDatabase(database);
    return await use(database);
  } finally {
    await database.close();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
};

const onPostgres = async (): Promise<Row[]> => {
  if (!(await isServerUp())) return skippedWithoutServer('retrieval, 1,000,000 chunks (PostgreSQL)');
  return retrievalRows('PostgreSQL', await withServerDatabase((database) => benchRetrieval(database)));
};

/**
 * Issue 19 §1: indexing and retrieving an agent's knowledge, on the embedded database as a default install runs it
 * and on a PostgreSQL server.
 */
export const knowledgeRows = async (): Promise<Row[]> => [...(await onPglite()), ...(await onPostgres())];
