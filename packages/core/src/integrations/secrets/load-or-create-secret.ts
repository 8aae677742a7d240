import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Development convenience: a secret that was not configured is generated once and kept in
 * `{dataDir}/secrets/{name}` (mode 600), so sessions and encrypted data survive restarts.
 * Production refuses to start without configured secrets instead (see the server's env.ts).
 */
export const loadOrCreateSecret = (dataDir: string, name: string, bytes = 32): string => {
  const directory = join(dataDir, 'secrets');
  const file = join(directory, name);
  try {
    return readFileSync(file, 'utf8').trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  mkdirSync(directory, { recursive: true, mode: 0o700 });
  const secret = randomBytes(bytes).toString('base64url');
  try {
    // 'wx' fails if another process created the file first; then theirs is the one to use.
    writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: 'wx' });
    return secret;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return readFileSync(file, 'utf8').trim();
  }
};
