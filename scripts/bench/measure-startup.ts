import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { freePort, rssMegabytes } from './process-stats.ts';

/** The node arguments of `npm start` (its V8 flags included), read from package.json so the two cannot drift. */
const npmStartArguments = (root: string) => {
  const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts: { start: string } };
  const [command, ...args] = manifest.scripts.start.split(/\s+/);
  if (command !== 'node') throw new Error(`npm start runs ${command}, not node: update measure-startup.ts`);
  return args;
};

/**
 * Runs `npm start`'s command (already built, so it only serves; without npm's own start-up), times the wait for a
 * 200 from /api/health, then lets it sit idle and reads its resident memory.
 */
export const measureStartup = async ({
  root,
  dataDir,
  idleMs = 3000,
}: {
  root: string;
  dataDir: string;
  idleMs?: number;
}) => {
  const port = await freePort();
  const startedAt = performance.now();
  const child = spawn(process.execPath, npmStartArguments(root), {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: 'ignore',
  });
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`npm start exited with ${child.exitCode}`);
      try {
        if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) break;
      } catch {
        // not listening yet
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const healthyMs = performance.now() - startedAt;
    await new Promise((resolve) => setTimeout(resolve, idleMs));
    return { healthyMs, idleRssMb: rssMegabytes(child.pid as number) };
  } finally {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    }
  }
};
