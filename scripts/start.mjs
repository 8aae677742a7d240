// `npm start` (and `npm run worker` / `npm run plan`, which pass "worker" / "plan"): builds the web app and the server if their sources
// changed since the last build, then runs the server (or the worker) in this process, so SIGTERM/SIGINT reach it
// directly. Reads ./.env when present. `npm start` runs it with V8's --optimize-for-size: a 2 MB young generation
// instead of the 32 MB an idle server otherwise keeps resident, and an old generation collected before it grows as
// far (idle RSS about 25 MB lower; no throughput change measurable on this machine). All three pass --liftoff-only,
// which keeps PGlite's WebAssembly on V8's baseline compiler (see packages/db/src/client.ts).
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const outputs = ['apps/web/dist/index.html', 'apps/server/dist/main.js'].map((path) => join(root, path));
const sources = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/landing.html',
  'apps/web/build',
  'apps/web/vite.config.ts',
  'apps/server/src',
  'apps/server/build.mjs',
  'packages/contracts/src',
  'packages/core/src',
  'packages/db/src',
  'packages/db/migrations',
  'package-lock.json',
].map((path) => join(root, path));

const newestMtime = (path) => {
  if (!existsSync(path)) return 0;
  const stats = statSync(path);
  if (!stats.isDirectory()) return stats.mtimeMs;
  return readdirSync(path)
    .filter((name) => name !== 'node_modules' && name !== 'dist')
    .reduce((newest, name) => Math.max(newest, newestMtime(join(path, name))), stats.mtimeMs);
};

const builtAt = Math.min(...outputs.map((path) => (existsSync(path) ? statSync(path).mtimeMs : 0)));
if (builtAt === 0 || Math.max(...sources.map(newestMtime)) > builtAt) {
  console.log('Building Agentcast (sources changed since the last build)…');
  execSync('npm run build', { cwd: root, stdio: 'inherit' });
}

if (existsSync(join(root, '.env'))) process.loadEnvFile(join(root, '.env'));
const ENTRIES = { worker: 'worker.js', plan: 'plan.js' };
const entry = ENTRIES[process.argv[2]] ?? 'main.js';
await import(pathToFileURL(join(root, 'apps/server/dist', entry)).href);
