import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FullConfig } from '@playwright/test';
import { startOAuthProviderFake } from '@agentcast/test-fakes/oauth-provider-fake';
import { startOpenAiFake } from '@agentcast/test-fakes/openai-server';
import { startLinkedInWithOAuth, startXWithOAuth } from '@agentcast/test-fakes/platforms-with-oauth';
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
  // One loopback OAuth provider per platform, so every spec can connect accounts; specs reach their controls
  // (issued tokens, failures) over HTTP at the URLs in E2E_OAUTH_FAKES. X and LinkedIn come with their publishing
  // APIs, which accept the tokens their providers issue: connected accounts really post.
  const xPlatform = await startXWithOAuth();
  const linkedinPlatform = await startLinkedInWithOAuth();
  const oauth = {
    linkedin: linkedinPlatform.oauth,
    x: xPlatform.oauth,
    youtube: await startOAuthProviderFake('youtube'),
    instagram: await startOAuthProviderFake('instagram'),
  };
  process.env.E2E_OAUTH_FAKES = JSON.stringify({ ...Object.fromEntries(Object.entries(oauth).map(([platform, fake]) => [platform, fake.baseUrl])), x: xPlatform.baseUrl });

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
      LINKEDIN_CLIENT_ID: oauth.linkedin.clientId,
      LINKEDIN_CLIENT_SECRET: oauth.linkedin.clientSecret,
      LINKEDIN_OAUTH_BASE_URL: oauth.linkedin.baseUrl,
      LINKEDIN_API_BASE_URL: linkedinPlatform.baseUrl,
      X_CLIENT_ID: oauth.x.clientId,
      X_CLIENT_SECRET: oauth.x.clientSecret,
      X_OAUTH_BASE_URL: xPlatform.baseUrl,
      X_API_BASE_URL: xPlatform.baseUrl,
      GOOGLE_CLIENT_ID: oauth.youtube.clientId,
      GOOGLE_CLIENT_SECRET: oauth.youtube.clientSecret,
      GOOGLE_OAUTH_BASE_URL: oauth.youtube.baseUrl,
      GOOGLE_TOKEN_BASE_URL: oauth.youtube.baseUrl,
      GOOGLE_API_BASE_URL: oauth.youtube.baseUrl,
      INSTAGRAM_CLIENT_ID: oauth.instagram.clientId,
      INSTAGRAM_CLIENT_SECRET: oauth.instagram.clientSecret,
      INSTAGRAM_OAUTH_BASE_URL: oauth.instagram.baseUrl,
      INSTAGRAM_TOKEN_BASE_URL: oauth.instagram.baseUrl,
      INSTAGRAM_API_BASE_URL: oauth.instagram.baseUrl,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  await waitForHealth(`${baseURL}/api/health`, server);

  return async () => {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    await mail.close();
    await llm.close();
    await Promise.all([xPlatform.close(), linkedinPlatform.close(), oauth.youtube.close(), oauth.instagram.close()]);
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
