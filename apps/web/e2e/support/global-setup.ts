import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FullConfig } from '@playwright/test';
import { startAnvil } from '@agentcast/test-fakes/chain/anvil';
import { deployMembershipContract } from '@agentcast/test-fakes/chain/membership-contract';
import { startOpenAiFake } from '@agentcast/test-fakes/openai-server';
import { startSmtpSink } from '@agentcast/test-fakes/smtp-sink';

/** What the fake language model answers in every browser test (slow enough to see "Triggering..."). */
export const FAKE_MODEL_POST = 'Models keep getting cheaper; the edge is now in the data you feed them. #AI';

const ROOT = join(import.meta.dirname, '../../../..');
const SERVER = join(ROOT, 'apps/server/dist/main.js');

/**
 * Starts the mail sink, the fake model and two built servers; returns the teardown. Tests read the sink at
 * E2E_MAIL_URL. The main server (baseURL) runs with the membership gate off, as every suite but the wallet's
 * expects; a second one at E2E_GATED_URL has the gate on, over a local chain (anvil, chain id 8453, at
 * E2E_CHAIN_RPC_URL) holding the membership contract (E2E_MEMBERSHIP_CONTRACT) deployed here.
 */
export default async function globalSetup(config: FullConfig) {
  if (!existsSync(SERVER)) throw new Error('The server is not built: run `npm run build` (or `npm run test:e2e`).');
  const baseURL = config.projects[0]?.use.baseURL ?? 'http://localhost:4310';
  const port = new URL(baseURL).port;
  const dataDir = mkdtempSync(join(tmpdir(), 'agentcast-e2e-'));
  const mail = await startSmtpSink({ withHttp: true });
  process.env.E2E_MAIL_URL = mail.httpUrl ?? '';
  const llm = await startOpenAiFake();
  llm.defaultReply = { content: FAKE_MODEL_POST, delayMs: 600 };

  const common = { PATH: process.env.PATH ?? '', SMTP_URL: mail.smtpUrl, OPENAI_API_KEY: 'sk-e2e', OPENAI_BASE_URL: llm.baseURL, LOG_LEVEL: 'warn' };
  const server = spawn(process.execPath, [SERVER], {
    env: { ...common, PORT: port, DATA_DIR: dataDir, PUBLIC_URL: baseURL },
    stdio: ['ignore', 'inherit', 'inherit'],
  });

  // The gated stack starts while the main server does.
  const anvil = await startAnvil({ chainId: 8453 });
  const contract = await deployMembershipContract(anvil.rpcUrl);
  const gatedPort = await freePort();
  const gatedUrl = `http://localhost:${gatedPort}`;
  const gatedDataDir = mkdtempSync(join(tmpdir(), 'agentcast-e2e-gated-'));
  const gated = spawn(process.execPath, [SERVER], {
    env: {
      ...common,
      PORT: String(gatedPort),
      DATA_DIR: gatedDataDir,
      PUBLIC_URL: gatedUrl,
      MEMBERSHIP_CONTRACT: contract.address,
      MEMBERSHIP_CHAIN_ID: '8453',
      MEMBERSHIP_RPC_URL: anvil.rpcUrl,
      // The wallet tests provoke 403s on purpose; only errors are worth printing.
      LOG_LEVEL: 'error',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  process.env.E2E_GATED_URL = gatedUrl;
  process.env.E2E_CHAIN_RPC_URL = anvil.rpcUrl;
  process.env.E2E_MEMBERSHIP_CONTRACT = contract.address;
  await Promise.all([waitForHealth(`${baseURL}/api/health`, server), waitForHealth(`${gatedUrl}/api/health`, gated)]);

  return async () => {
    for (const child of [server, gated]) child.kill('SIGTERM');
    await Promise.all([server, gated].map((child) => new Promise((resolve) => (child.exitCode === null ? child.once('exit', resolve) : resolve(null)))));
    await Promise.all([mail.close(), llm.close(), anvil.close()]);
    for (const dir of [dataDir, gatedDataDir]) rmSync(dir, { recursive: true, force: true });
  };
}

/** A port nobody listens on now (the OS picks it), for the gated server. */
const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });

const waitForHealth = async (url: string, server: ReturnType<typeof spawn>) => {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`The server exited with ${server.exitCode} before it was healthy`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url} was not healthy within 30 s`);
};
