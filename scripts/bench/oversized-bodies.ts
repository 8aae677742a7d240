import { spawn } from 'node:child_process';
import http from 'node:http';
import { freePort, rssMegabytes } from './process-stats.ts';

const CHUNK = Buffer.alloc(64 * 1024, 'x');

/**
 * Streams up to `bytes` of JSON-ish filler to one path, stopping when the server answers or closes; resolves with
 * the status (0: the connection was closed before an answer).
 */
const pushBody = (port: number, path: string, bytes: number, declareLength: boolean) =>
  new Promise<number>((resolve) => {
    const request = http.request({
      port,
      host: '127.0.0.1',
      path,
      method: 'POST',
      headers: {
        origin: `http://localhost:${port}`,
        'content-type': 'application/json',
        ...(declareLength ? { 'content-length': bytes } : {}),
      },
    });
    let sent = 0;
    let answered = false;
    const write = () => {
      while (!answered && sent < bytes) {
        sent += CHUNK.length;
        if (!request.write(CHUNK)) return void request.once('drain', write);
      }
      if (!answered) request.end();
    };
    request.on('response', (response) => {
      answered = true;
      response.resume();
      resolve(response.statusCode ?? 0);
      request.destroy();
    });
    request.on('error', () => {
      answered = true;
      resolve(0);
    });
    write();
  });

/**
 * What four parallel 300 MB bodies cost the server (`npm start`'s script, already built): its resident memory at
 * idle and at its peak while they arrive, at an auth route and at the trigger route, declared or chunked.
 */
export const benchOversizedBodies = async ({
  root,
  dataDir,
  bytes = 300 * 1024 * 1024,
}: {
  root: string;
  dataDir: string;
  bytes?: number;
}) => {
  const port = await freePort();
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: 'ignore',
  });
  const pid = child.pid as number;
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`npm start exited with ${child.exitCode}`);
      if ((await fetch(`http://127.0.0.1:${port}/api/health`).catch(() => null))?.ok) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const idleRssMb = rssMegabytes(pid);
    let peakRssMb = idleRssMb;
    const sampler = setInterval(() => (peakRssMb = Math.max(peakRssMb, rssMegabytes(pid))), 10);
    const statuses = await Promise.all(
      ['/api/auth/sign-in/email', '/api/auth/sign-up/email', '/api/agents/x/trigger', '/api/auth/sign-in/email'].map(
        (path, index) => pushBody(port, path, bytes, index % 2 === 0),
      ),
    );
    clearInterval(sampler);
    return { idleRssMb, peakRssMb, statuses };
  } finally {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    }
  }
};
