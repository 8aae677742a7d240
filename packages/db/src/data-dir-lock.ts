import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export class DataDirLockedError extends Error {}

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: alive, but another user's.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/**
 * Claims DATA_DIR for this process. The embedded database must be opened by one process at a time (PGlite does not
 * stop a second one, and two would corrupt it): a second server, or an operator command while the server runs, is
 * refused with `DataDirLockedError`. A lock left by a process that is gone is taken over. Returns the release.
 */
export const lockDataDir = (dataDir: string, owner: string) => {
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, 'agentcast.pid');
  let holder: { pid: number; owner: string } | undefined;
  try {
    holder = JSON.parse(readFileSync(file, 'utf8')) as { pid: number; owner: string };
  } catch {
    // No lock, or an unreadable one: free.
  }
  if (holder && holder.pid !== process.pid && isAlive(holder.pid)) {
    throw new DataDirLockedError(
      `${dataDir} is in use by the ${holder.owner} (process ${holder.pid}). The embedded database allows one process at a time: stop it first, or use a PostgreSQL server (DATABASE_URL).`,
    );
  }
  writeFileSync(file, JSON.stringify({ pid: process.pid, owner }));
  return () => rmSync(file, { force: true });
};
