import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

export type Anvil = {
  /** JSON-RPC over HTTP, e.g. http://127.0.0.1:40123 (anvil answers CORS, so pages may call it too). */
  rpcUrl: string;
  chainId: number;
  process: ChildProcess;
  close: () => Promise<void>;
};

const require = createRequire(import.meta.url);

/**
 * The anvil binary ships in an optional dependency per platform (@foundry-rs/anvil-linux-amd64, …), so nothing is
 * downloaded at test time; npm's blocked postinstall of @foundry-rs/anvil does not matter. Spawning the binary
 * directly saves the Node wrapper process that `npx anvil` would add.
 */
const anvilBinary = () => {
  const arch = process.arch === 'x64' ? 'amd64' : process.arch;
  const platform = process.platform === 'win32' ? 'win32' : process.platform;
  try {
    const packageDir = dirname(require.resolve(`@foundry-rs/anvil-${platform}-${arch}/package.json`));
    const binary = join(packageDir, 'bin', platform === 'win32' ? 'anvil.exe' : 'anvil');
    if (existsSync(binary)) return { command: binary, prefix: [] as string[] };
  } catch {
    // Fall through to the package's own launcher.
  }
  return { command: process.execPath, prefix: [require.resolve('@foundry-rs/anvil/bin.mjs')] };
};

/** A local EVM chain (Base's id by default) on a free loopback port, with anvil's ten funded dev accounts. */
export const startAnvil = async ({ chainId = 8453 }: { chainId?: number } = {}): Promise<Anvil> => {
  const { command, prefix } = anvilBinary();
  const child = spawn(command, [...prefix, '--host', '127.0.0.1', '--port', '0', '--chain-id', String(chainId)], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, TARGET_TOOL: 'anvil' },
  });
  let output = '';
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const rpcUrl = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`anvil did not start:\n${output}`)), 15_000);
    // Anvil logs every call on stdout; once the port is known the output is still drained (a full pipe would
    // stall it) but no longer kept.
    let listening = false;
    const onData = (chunk: Buffer) => {
      if (listening) return;
      output += chunk.toString();
      const port = output.match(/Listening on 127\.0\.0\.1:(\d+)/)?.[1];
      if (port) {
        listening = true;
        clearTimeout(timer);
        resolve(`http://127.0.0.1:${port}`);
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('error', reject);
    void exited.then(() => reject(new Error(`anvil exited before listening:\n${output}`)));
  });
  return {
    rpcUrl,
    chainId,
    process: child,
    close: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
};
