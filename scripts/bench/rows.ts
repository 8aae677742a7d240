// What every section of `npm run bench` prints: a figure, its value, its goal, and "met" or "MISSED".
import pg from 'pg';

export type Row = { figure: string; value: string; goal: string; result: string };

export const met = (isMet: boolean) => (isMet ? 'met' : 'MISSED');
export const ms = (value: number) => `${Math.round(value)} ms`;

/** The PostgreSQL server the server-side sections run against (this machine's, unless BENCH_DATABASE_URL says). */
export const postgresUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export const isServerUp = async () => {
  const probe = new pg.Client({ connectionString: postgresUrl });
  try {
    await probe.connect();
    await probe.end();
    return true;
  } catch {
    return false;
  }
};

/** The row a PostgreSQL section prints instead of its figures when no server answers. */
export const skippedWithoutServer = (figure: string): Row[] => [
  { figure, value: `skipped: no server at ${postgresUrl}`, goal: '', result: '' },
];
