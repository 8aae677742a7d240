// `npm run bench`: prints the figures of every issue's benchmark beside their goals. Figures, not assertions:
// these machines are shared and noisy, so compare the ratios measured in one run. Each section lives in its own
// *-rows.ts file; BENCH_ONLY=knowledge,startup (section names below) runs only those.
import { execSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { agentsListRows } from './agents-list-rows.ts';
import { conversationsRows } from './conversations-rows.ts';
import { firstPaintRows } from './first-paint-rows.ts';
import { hardeningRows } from './hardening-rows.ts';
import { knowledgeRows } from './knowledge-rows.ts';
import { metricsRows } from './metrics-rows.ts';
import { platformsRows } from './platforms-rows.ts';
import { reviewRows } from './review-rows.ts';
import type { Row } from './rows.ts';
import { runtimeRows } from './runtime-rows.ts';
import { schedulingRows } from './scheduling-rows.ts';
import { startupRows } from './startup-rows.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));

const SECTIONS: Record<string, () => Promise<Row[]>> = {
  'first-paint': () => firstPaintRows({ root }),
  startup: () => startupRows({ root }),
  review: reviewRows,
  hardening: () => hardeningRows({ root }),
  'agents-list': () => agentsListRows({ root }),
  runtime: () => runtimeRows({ root }),
  knowledge: knowledgeRows,
  scheduling: () => schedulingRows({ root }),
  metrics: metricsRows,
  platforms: platformsRows,
  conversations: conversationsRows,
};

const only = process.env.BENCH_ONLY?.split(',').filter(Boolean);
const unknown = only?.filter((name) => !(name in SECTIONS)) ?? [];
if (unknown.length > 0)
  throw new Error(`BENCH_ONLY: no section ${unknown.join(', ')} (${Object.keys(SECTIONS).join(', ')})`);

console.log('Building the app (npm run build)…');
execSync('npm run build', { cwd: root, stdio: 'ignore' });
const rows: Row[] = [];
for (const [name, section] of Object.entries(SECTIONS)) {
  if (only && !only.includes(name)) continue;
  console.log(`Measuring ${name}…`);
  rows.push(...(await section()));
}
console.log('');
console.table(rows);
