import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { measureStartup } from './measure-startup.ts';
import { met, ms, type Row } from './rows.ts';

/** Issue 19 §5: `npm start` on the embedded database, first on an empty DATA_DIR, then restarted on it. */
export const startupRows = async ({ root }: { root: string }): Promise<Row[]> => {
  const dataDir = join(mkdtempSync(join(tmpdir(), 'agentcast-bench-')), 'data');
  const cold = await measureStartup({ root, dataDir });
  const warm = await measureStartup({ root, dataDir });
  return [
    {
      figure: 'npm start → healthy, empty DATA_DIR',
      value: ms(cold.healthyMs),
      goal: '< 1500 ms',
      result: met(cold.healthyMs < 1500),
    },
    {
      figure: 'npm start → healthy, restart (existing DATA_DIR)',
      value: ms(warm.healthyMs),
      goal: '< 1000 ms',
      result: met(warm.healthyMs < 1000),
    },
    {
      figure: 'idle RSS with PGlite, first start',
      value: `${Math.round(cold.idleRssMb)} MB`,
      goal: '< 180 MB',
      result: met(cold.idleRssMb < 180),
    },
    {
      figure: 'idle RSS with PGlite, restart',
      value: `${Math.round(warm.idleRssMb)} MB`,
      goal: '< 180 MB',
      result: met(warm.idleRssMb < 180),
    },
  ];
};
