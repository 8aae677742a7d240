import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { benchFuzz } from './fuzz.ts';
import { benchOversizedBodies } from './oversized-bodies.ts';
import { met, type Row } from './rows.ts';

/** Malformed requests over every route, and oversized bodies against the server's memory. */
export const hardeningRows = async ({ root }: { root: string }): Promise<Row[]> => {
  const fuzz = await benchFuzz({ runs: 10_000 });
  const bodies = await benchOversizedBodies({ root, dataDir: mkdtempSync(join(tmpdir(), 'agentcast-bench-bodies-')) });
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
