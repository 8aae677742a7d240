import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FullConfig } from '@playwright/test';
import { startAnvil } from '@agentcast/test-fakes/chain/anvil';
import { deployMembershipContract } from '@agentcast/test-fakes/chain/membership-contract';
import { startBlueskyApiFake } from '@agentcast/test-fakes/bluesky-api-fake';
import { startDiscordApiFake } from '@agentcast/test-fakes/discord-api-fake';
import { startMastodonApiFake } from '@agentcast/test-fakes/mastodon-api-fake';
import { startNeynarApiFake } from '@agentcast/test-fakes/neynar-api-fake';
import { mnemonicToAccount } from 'viem/accounts';
import { startTelegramApiFake } from '@agentcast/test-fakes/telegram-api-fake';
import { startOpenAiFake } from '@agentcast/test-fakes/openai-server';
import {
  startFacebookWithOAuth,
  startInstagramWithOAuth,
  startLinkedInWithOAuth,
  startThreadsWithOAuth,
  startTikTokWithOAuth,
  startXWithOAuth,
  startYouTubeWithOAuth,
} from '@agentcast/test-fakes/platforms-with-oauth';
import { startSmtpSink } from '@agentcast/test-fakes/smtp-sink';

/**
 * How every post of the fake language model in the browser tests begins (slow enough to see "Triggering...");
 * words of its own follow, as a real model's posts differ, so the near-duplicate guard lets each one out.
 */
export const FAKE_MODEL_POST = 'Models keep getting cheaper; the edge is now in the data you feed them.';

const ROOT = join(import.meta.dirname, '../../../..');
const SERVER = join(ROOT, 'apps/server/dist/main.js');

/**
 * Starts the mail sink, the fakes and the built servers; returns the teardown. Tests read the sink at E2E_MAIL_URL.
 * - Each Playwright worker has a main server of its own (its baseURL, playwright.config.ts), on the ports from
 *   E2E_PORT up, with its own data directory: the workers' tests do not queue on one server's embedded database and
 *   job worker. A main server runs with the membership gate off, as every suite but the wallet's expects, and with
 *   every platform connectable through loopback OAuth providers (their controls at the URLs in E2E_OAUTH_FAKES);
 *   X, LinkedIn, Instagram, YouTube, Threads, Facebook and TikTok come with their publishing APIs, which accept the tokens their
 *   providers issue.
 * - At E2E_GATED_URL the gate is on, over a local chain (anvil, chain id 8453, at E2E_CHAIN_RPC_URL) holding the
 *   membership contract (E2E_MEMBERSHIP_CONTRACT) deployed here.
 * - At E2E_SCHEDULING_URL time runs 60 times faster for schedules (TIME_SCALE): an interval minute lasts a second.
 *   Its accounts are on Enterprise (no daily limit), so a short interval posts every interval: on a plan with a
 *   limit it would be spread over the day's posting hours, which do not run faster.
 * E2E_MAIN_SERVER_ENV (JSON) changes the main server's settings, a null value removing one: the landing preview
 * capture (playwright.preview.config.ts) runs it on the offline writer and the Pro plan.
 */
export default async function globalSetup(config: FullConfig) {
  if (!existsSync(SERVER)) throw new Error('The server is not built: run `npm run build` (or `npm run test:e2e`).');
  const firstPort = Number(new URL(config.projects[0]?.use.baseURL ?? 'http://localhost:4310').port);
  const mainUrls = Array.from({ length: config.workers }, (_, worker) => `http://localhost:${firstPort + worker}`);
  const mail = await startSmtpSink({ withHttp: true });
  process.env.E2E_MAIL_URL = mail.httpUrl ?? '';
  const llm = await startOpenAiFake();
  llm.defaultReply = { content: `${FAKE_MODEL_POST} Today: {varied}. #AI`, delayMs: 600 };
  const xPlatform = await startXWithOAuth();
  const linkedinPlatform = await startLinkedInWithOAuth();
  const instagramPlatform = await startInstagramWithOAuth();
  const youtubePlatform = await startYouTubeWithOAuth();
  // Threads: one profile, whose posts and replies the Threads tests read through E2E_THREADS.
  const threadsPlatform = await startThreadsWithOAuth();
  process.env.E2E_THREADS = JSON.stringify({ baseUrl: threadsPlatform.baseUrl });
  // Facebook: the person who signs in manages two Pages, and chooses one in the popup.
  const facebookPlatform = await startFacebookWithOAuth();
  const facebookPerson = facebookPlatform.api.addUser({ id: facebookPlatform.oauth.account.id });
  const facebookPages = ['Agentcast Kitchen', 'Agentcast Garden'].map((name) =>
    facebookPlatform.api.addPage({ name, user: facebookPerson }),
  );
  // TikTok: an unaudited app, whose creator's posts go out private.
  const tiktokPlatform = await startTikTokWithOAuth();
  process.env.E2E_FACEBOOK = JSON.stringify({
    baseUrl: facebookPlatform.baseUrl,
    pages: facebookPages.map(({ id, name }) => ({ id, name })),
  });
  // Bluesky accounts sign in with an app password: a few made up front, one per test that connects one.
  const bluesky = await startBlueskyApiFake();
  const blueskyAccounts = [
    'agent-builder',
    'agent-form',
    'spare',
    'chatty',
    'guarded',
    'inbox-send',
    'inbox-block',
  ].map((name) => bluesky.addAccount({ handle: `${name}.bsky.social` }));
  process.env.E2E_BLUESKY = JSON.stringify({ baseUrl: bluesky.baseUrl, accounts: blueskyAccounts });
  // A Discord channel's webhook for each test that connects one.
  const discord = await startDiscordApiFake();
  const discordWebhooks = ['agent-builder', 'agent-form'].map((name) => discord.addWebhook({ name }));
  process.env.E2E_DISCORD = JSON.stringify({ baseUrl: discord.baseUrl, webhooks: discordWebhooks });
  // A Telegram bot, administrator of a channel it may post in.
  const telegram = await startTelegramApiFake();
  const telegramBot = telegram.addBot({ username: 'agentcast_e2e_bot' });
  const telegramChannel = telegram.addChat({ type: 'channel', title: 'Agentcast news', username: 'agentcast_news' });
  telegram.setMember(telegramChannel.id, telegramBot.id, { status: 'administrator', can_post_messages: true });
  process.env.E2E_TELEGRAM = JSON.stringify({ baseUrl: telegram.baseUrl, bot: telegramBot, channel: telegramChannel });
  // Two Mastodon instances, one per test that connects one: each signs its first account in on its OAuth page, so
  // tests running at once never authorize as each other.
  const mastodon = await Promise.all(
    ['agent-builder', 'agent-form'].map(async (name) => {
      const instance = await startMastodonApiFake({ instanceName: `${name}.mastodon.test` });
      return { name, instance, account: instance.addAccount({ username: name.replace('-', '_') }) };
    }),
  );
  process.env.E2E_MASTODON = JSON.stringify(
    Object.fromEntries(
      mastodon.map(({ name, instance, account }) => [name, { baseUrl: instance.baseUrl, account: account.username }]),
    ),
  );
  // Farcaster through Neynar, with an app account whose key requests the fake checks (a well-known test mnemonic).
  const farcasterApp = { fid: 977233, mnemonic: 'test test test test test test test test test test test junk' };
  const neynar = await startNeynarApiFake({
    appFid: farcasterApp.fid,
    appCustodyAddress: mnemonicToAccount(farcasterApp.mnemonic).address,
  });
  process.env.E2E_NEYNAR = JSON.stringify({ baseUrl: neynar.baseUrl });
  const oauth = {
    linkedin: linkedinPlatform.oauth,
    x: xPlatform.oauth,
    youtube: youtubePlatform.oauth,
    instagram: instagramPlatform.oauth,
    threads: threadsPlatform.oauth,
    facebook: facebookPlatform.oauth,
    tiktok: tiktokPlatform.oauth,
  };
  process.env.E2E_OAUTH_FAKES = JSON.stringify({
    ...Object.fromEntries(Object.entries(oauth).map(([platform, fake]) => [platform, fake.baseUrl])),
    x: xPlatform.baseUrl,
  });

  const dataDirs: string[] = [];
  const spawnServer = (env: Record<string, string | null>) => {
    const dataDir = mkdtempSync(join(tmpdir(), 'agentcast-e2e-'));
    dataDirs.push(dataDir);
    // TRUST_PROXY: each test person presents an address of their own (support/accounts.ts), as behind a proxy.
    // ALLOW_PRIVATE_TARGETS: the webhook tests' receivers listen on this machine.
    const settings: Record<string, string | null> = {
      PATH: process.env.PATH ?? '',
      SMTP_URL: mail.smtpUrl,
      OPENAI_API_KEY: 'sk-e2e',
      OPENAI_BASE_URL: llm.baseURL,
      LOG_LEVEL: 'warn',
      DATA_DIR: dataDir,
      TRUST_PROXY: '1',
      ALLOW_PRIVATE_TARGETS: 'true',
      ...env,
    };
    const fullEnv = Object.fromEntries(
      Object.entries(settings).filter((setting): setting is [string, string] => setting[1] !== null),
    );
    return spawn(process.execPath, [SERVER], { env: fullEnv, stdio: ['ignore', 'inherit', 'inherit'] });
  };

  const threadsSettings = {
    THREADS_CLIENT_ID: oauth.threads.clientId,
    THREADS_CLIENT_SECRET: oauth.threads.clientSecret,
    THREADS_OAUTH_BASE_URL: oauth.threads.baseUrl,
    THREADS_API_BASE_URL: threadsPlatform.baseUrl,
  };
  const facebookSettings = {
    FACEBOOK_CLIENT_ID: oauth.facebook.clientId,
    FACEBOOK_CLIENT_SECRET: oauth.facebook.clientSecret,
    FACEBOOK_OAUTH_BASE_URL: oauth.facebook.baseUrl,
    FACEBOOK_GRAPH_BASE_URL: facebookPlatform.baseUrl,
  };
  const mainOverrides = JSON.parse(process.env.E2E_MAIN_SERVER_ENV ?? '{}') as Record<string, string | null>;
  const mainServers = mainUrls.map((url) =>
    spawnServer({
      PORT: new URL(url).port,
      PUBLIC_URL: url,
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
      GOOGLE_API_BASE_URL: youtubePlatform.baseUrl,
      INSTAGRAM_CLIENT_ID: oauth.instagram.clientId,
      INSTAGRAM_CLIENT_SECRET: oauth.instagram.clientSecret,
      INSTAGRAM_OAUTH_BASE_URL: oauth.instagram.baseUrl,
      INSTAGRAM_TOKEN_BASE_URL: oauth.instagram.baseUrl,
      INSTAGRAM_API_BASE_URL: instagramPlatform.baseUrl,
      ...threadsSettings,
      ...facebookSettings,
      TIKTOK_CLIENT_KEY: oauth.tiktok.clientId,
      TIKTOK_CLIENT_SECRET: oauth.tiktok.clientSecret,
      TIKTOK_OAUTH_BASE_URL: oauth.tiktok.baseUrl,
      TIKTOK_API_BASE_URL: tiktokPlatform.baseUrl,
      BLUESKY_SERVICE_URL: bluesky.baseUrl,
      DISCORD_API_BASE_URL: discord.baseUrl,
      TELEGRAM_API_BASE_URL: telegram.baseUrl,
      NEYNAR_API_KEY: neynar.apiKey,
      NEYNAR_API_BASE_URL: neynar.baseUrl,
      FARCASTER_APP_FID: String(farcasterApp.fid),
      FARCASTER_APP_MNEMONIC: farcasterApp.mnemonic,
      ...mainOverrides,
    }),
  );

  // The other stacks start while the main server does.
  const anvil = await startAnvil({ chainId: 8453 });
  const contract = await deployMembershipContract(anvil.rpcUrl);
  const gatedUrl = `http://localhost:${await freePort()}`;
  const gated = spawnServer({
    PORT: new URL(gatedUrl).port,
    PUBLIC_URL: gatedUrl,
    MEMBERSHIP_CONTRACT: contract.address,
    MEMBERSHIP_CHAIN_ID: '8453',
    MEMBERSHIP_RPC_URL: anvil.rpcUrl,
    // The wallet tests provoke 403s on purpose; only errors are worth printing.
    LOG_LEVEL: 'error',
  });
  const schedulingUrl = `http://localhost:${await freePort()}`;
  const scheduling = spawnServer({
    PORT: new URL(schedulingUrl).port,
    PUBLIC_URL: schedulingUrl,
    NODE_ENV: 'test',
    TIME_SCALE: '60',
    DEFAULT_PLAN: 'enterprise',
    // Agents answer people there (on Bluesky, Threads and Facebook): their chat polls come every 2 s at this scale.
    BLUESKY_SERVICE_URL: bluesky.baseUrl,
    ...threadsSettings,
    ...facebookSettings,
  });
  process.env.E2E_GATED_URL = gatedUrl;
  process.env.E2E_CHAIN_RPC_URL = anvil.rpcUrl;
  process.env.E2E_MEMBERSHIP_CONTRACT = contract.address;
  process.env.E2E_SCHEDULING_URL = schedulingUrl;
  const servers = [...mainServers, gated, scheduling];
  const urls = [...mainUrls, gatedUrl, schedulingUrl];
  await Promise.all(servers.map((child, index) => waitForHealth(`${urls[index]}/api/health`, child)));

  return async () => {
    for (const child of servers) child.kill('SIGTERM');
    await Promise.all(
      servers.map(
        (child) => new Promise((resolve) => (child.exitCode === null ? child.once('exit', resolve) : resolve(null))),
      ),
    );
    await Promise.all([
      mail.close(),
      llm.close(),
      anvil.close(),
      xPlatform.close(),
      linkedinPlatform.close(),
      youtubePlatform.close(),
      instagramPlatform.close(),
      threadsPlatform.close(),
      facebookPlatform.close(),
      tiktokPlatform.close(),
      bluesky.close(),
      discord.close(),
      telegram.close(),
      ...mastodon.map(({ instance }) => instance.close()),
      neynar.close(),
    ]);
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  };
}

/** A port nobody listens on now (the OS picks it), for the extra servers. */
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
