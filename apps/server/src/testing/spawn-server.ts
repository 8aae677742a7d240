import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const MAIN = fileURLToPath(new URL('../entries/main.ts', import.meta.url));

export type SpawnedServer = {
  url: string;
  process: ChildProcess;
  /** Everything the process wrote to stdout and stderr so far. */
  output: () => string;
  /** Sends the signal and resolves with the exit code. */
  stop: (signal?: NodeJS.Signals) => Promise<number | null>;
};

/** Runs src/entries/main.ts in a child process, as `npm run dev` would, and waits until it listens. */
export const spawnServer = async (env: Record<string, string>): Promise<SpawnedServer> => {
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    env: { PATH: process.env.PATH ?? '', PORT: '0', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

  const url = await new Promise<string>((resolve, reject) => {
    // Only to print what the server said before the test's own timeout (120 s) ends it: a start-up takes 3 s on an idle
    // machine but 20 s and more on a loaded one (tsx compiling, PGlite's first migration), which is no failure.
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 50_000);
    const check = () => {
      const found = output.match(/Agentcast is running on (http:\/\/localhost:\d+)/)?.[1];
      if (found) {
        clearTimeout(timer);
        resolve(found);
      }
    };
    child.stdout?.on('data', check);
    void exited.then(() => reject(new Error(`server exited before listening:\n${output}`)));
  });

  return {
    url,
    process: child,
    output: () => output,
    stop: (signal = 'SIGTERM') => {
      child.kill(signal);
      return exited;
    },
  };
};
