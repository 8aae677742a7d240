// `npm run bench`: prints the foundation's figures beside their goals (issue 2). Figures, not assertions: these
// machines are shared and noisy, so compare the ratios measured in one run.
import { execSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { build } from 'vite';
import { initialJsGzipBytes } from './initial-js-size.ts';
import { measureStartup } from './measure-startup.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
const scratch = mkdtempSync(join(tmpdir(), 'agentcast-bench-'));

console.log('Building the app (npm run build)…');
execSync('npm run build', { cwd: root, stdio: 'ignore' });

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
rmSync(scratch, { recursive: true, force: true });

const rows = [
  ['landing page initial JS (gzip)', `${(landing.bytes / 1000).toFixed(1)} KB`, `≤ 1.5× hello world`, `${(landing.bytes / hello.bytes).toFixed(2)}×`],
  ['React 19 hello world (gzip)', `${(hello.bytes / 1000).toFixed(1)} KB`, 'floor', '1.00×'],
  ['npm start → healthy, empty DATA_DIR', `${Math.round(cold.healthyMs)} ms`, '< 3000 ms', cold.healthyMs < 3000 ? 'met' : 'MISSED'],
  ['npm start → healthy, existing DATA_DIR', `${Math.round(warm.healthyMs)} ms`, '< 3000 ms', warm.healthyMs < 3000 ? 'met' : 'MISSED'],
  ['idle RSS with PGlite, first start', `${Math.round(cold.idleRssMb)} MB`, '< 250 MB', cold.idleRssMb < 250 ? 'met' : 'MISSED'],
  ['idle RSS with PGlite, restart', `${Math.round(warm.idleRssMb)} MB`, '< 250 MB', warm.idleRssMb < 250 ? 'met' : 'MISSED'],
];
console.log('');
console.table(rows.map(([figure, value, goal, result]) => ({ figure, value, goal, result })));
console.log(`Landing files: ${landing.files.join(', ')}`);
