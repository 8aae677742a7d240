import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const ENTRIES = { server: '../entries/main.ts', worker: '../entries/worker-main.ts' } as const;
const READY = { server: /Agentcast is running on/, worker: /Worker started/ } as const;

export type AppProcess = {
  process: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
  kill: (signal?: NodeJS.Signals) => Promise<number | null>;
};

/** Runs the server (which works the jobs too) or `npm run worker` from source in a child process, once it is ready. */
export const spawnAppProcess = async (kind: keyof typeof ENTRIES, env: Record<string, string>): Promise<AppProcess> => {
  const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(new URL(ENTRIES[kind], import.meta.url))], {
    env: { PATH: process.env.PATH ?? '', PORT: '0', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const collect = (chunk: Buffer) => (output += chunk.toString());
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${kind} did not start:\n${output}`)), 30_000);
    const check = () => {
      if (!READY[kind].test(output)) return;
      clearTimeout(timer);
      resolve();
    };
    child.stdout?.on('data', check);
    void exited.then(() => reject(new Error(`${kind} exited before it was ready:\n${output}`)));
  });
  return {
    process: child,
    output: () => output,
    exited,
    kill: (signal = 'SIGKILL') => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
};
