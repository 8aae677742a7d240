import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';

/** A port nothing listens on right now. */
export const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

/** Resident memory of a process, from /proc (Linux). */
export const rssMegabytes = (pid: number) => {
  const kilobytes = Number(readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+)/)?.[1] ?? 0);
  return kilobytes / 1024;
};
