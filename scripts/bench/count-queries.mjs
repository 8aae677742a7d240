// Preloaded into the benchmarked worker (`node --import`): counts every statement its PostgreSQL clients send —
// Drizzle's pool, pg-boss's pool and the event bus alike, since all of them are node-postgres clients — and keeps the
// running tally in the file BENCH_QUERY_COUNT_FILE names, for the bench to read between phases. Each call of
// Client#query is one round trip to the server (a BEGIN and a COMMIT count as theirs).
import { writeFileSync } from 'node:fs';
import pg from 'pg';

const file = process.env.BENCH_QUERY_COUNT_FILE;
if (file) {
  let total = 0;
  let written = -1;
  /** Statements by their opening words, parameter lists folded (BENCH_QUERY_SHAPES), to see which ones a run sends. */
  const byStatement = new Map();
  const withShapes = Boolean(process.env.BENCH_QUERY_SHAPES);
  const query = pg.Client.prototype.query;
  pg.Client.prototype.query = function countedQuery(config, ...rest) {
    total += 1;
    if (!withShapes) return query.call(this, config, ...rest);
    const text = typeof config === 'string' ? config : (config?.text ?? '');
    const shape = text
      .replace(/\s+/g, ' ')
      .replace(/(\$\d+(::\w+)?(, )?)+/g, '$n')
      .replace(/(\(\$n\)(, )?)+/g, '($n)')
      .trim()
      .slice(0, 90);
    byStatement.set(shape, (byStatement.get(shape) ?? 0) + 1);
    return query.call(this, config, ...rest);
  };
  const save = () => {
    if (written === total) return;
    written = total;
    writeFileSync(file, JSON.stringify({ total, byStatement: Object.fromEntries(byStatement) }));
  };
  setInterval(save, 200).unref();
  process.on('exit', save);
}
