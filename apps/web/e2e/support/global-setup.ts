import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FullConfig } from '@playwright/test';
import { startOpenAiFake } from '@agentcast/test-fakes/openai-server';
import { startSmtpSink } from '@agentcast/test-fakes/smtp-sink';

/** What the fake language model answers in every browser test (slow enough to see "Triggering..."). */
export const FAKE_MODEL_POST = 'Models keep getting cheaper; the edge is now in the data you feed them. #AI';

const ROOT = join(import.meta.dirname, '../../../..');
const SERVER = join(ROOT, 'apps/server/dist/main.js');

/** Starts the mail sink and the built server; returns the teardown. Tests read the sink at E2E_MAIL_URL. */
export default async function globalSetup(config: FullConfig) {
  if (!existsSync(SERVER)) throw new Error('The server is not built: run `npm run build` (or `npm run test:e2e`).');
  const baseURL = config.projects[0]?.use.baseURL ?? 'http://localhost:4310';
  const port = new URL(baseURL).port;
  const dataDir = mkdtempSync(join(tmpdir(), 'agentcast-e2e-'));
  const mail = await startSmtpSink({ withHttp: true });
  process.env.E2E_MAIL_URL = mail.httpUrl ?? '';
  const llm = await startOpenAiFake();
  llm.defaultReply = { content: FAKE_MODEL_POST, delayMs: 600 };

  const server = spawn(process.execPath, [SERVER], {
    env: {
      PATH: process.env.PATH ?? '',
      PORT: port,
      DATA_DIR: dataDir,
      PUBLIC_URL: baseURL,
      SMTP_URL: mail.smtpUrl,
      OPENAI_API_KEY: 'sk-e2e',
      OPENAI_BASE_URL: llm.baseURL,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  await waitForHealth(`${baseURL}/api/health`, server);

  return async () => {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    await mail.close();
    await llm.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
}

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
