// `npm run dev`: the API with hot reload (tsx watch) on :3000 and the Vite dev server on :5173, which proxies
// /api to it. Open http://localhost:5173. Reads ./.env when present.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
if (existsSync(`${root}.env`)) process.loadEnvFile(`${root}.env`);

const processes = [
  // npm runs workspace scripts in the workspace's folder: DATA_DIR stays the checkout's ./data, as for `npm start`.
  {
    name: 'server',
    color: 35,
    args: ['run', 'dev', '-w', '@agentcast/server'],
    env: {
      PUBLIC_URL: process.env.PUBLIC_URL ?? 'http://localhost:5173',
      DATA_DIR: resolve(root, process.env.DATA_DIR ?? 'data'),
      // The server's output comes through a pipe here; a person at this terminal reads it, so readable lines.
      LOG_FORMAT: process.env.LOG_FORMAT ?? (process.stdout.isTTY ? 'pretty' : 'json'),
    },
  },
  { name: 'web', color: 36, args: ['run', 'dev', '-w', '@agentcast/web'], env: {} },
].map(({ name, color, args, env }) => {
  const child = spawn('npm', args, { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  const prefix = `\x1b[${color}m[${name}]\x1b[0m `;
  const relay = (stream) => (chunk) =>
    stream.write(
      chunk
        .toString()
        .split('\n')
        .filter(Boolean)
        .map((line) => prefix + line)
        .join('\n') + '\n',
    );
  child.stdout.on('data', relay(process.stdout));
  child.stderr.on('data', relay(process.stderr));
  child.on('exit', (code) => {
    console.log(`${prefix}exited with ${code}`);
    stopAll(code ?? 1);
  });
  return child;
});

let stopping = false;
function stopAll(code) {
  if (stopping) return;
  stopping = true;
  for (const child of processes) child.kill('SIGTERM');
  setTimeout(() => process.exit(code), 500);
}
process.on('SIGINT', () => stopAll(0));
process.on('SIGTERM', () => stopAll(0));
