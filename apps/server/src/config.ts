import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { DEFAULT_PLATFORM_PRICES } from '@agentcast/contracts/costs';
import type { Mailer } from '@agentcast/core/integrations/mail/mailer';
import { findFfmpeg, type FoundFfmpeg } from '@agentcast/core/integrations/media/find-ffmpeg';
import { outboundPolicy } from '@agentcast/core/integrations/net/outbound-policy';
import type { OAuthConfig } from '@agentcast/core/integrations/oauth/create-oauth-providers';
import { loadOrCreateSecret } from '@agentcast/core/integrations/secrets/load-or-create-secret';
import type { Env } from './env.ts';
import type { ServicesConfig } from './compose/start-services.ts';
import type { AppSettings } from './app.ts';

// The environment (env.ts, read and checked once) mapped to what the composition root takes (compose/): the API
// process, the worker and the scripts build their services from these, never from Env directly.

/**
 * apps/web/dist, found through the workspace package rather than a path relative to this file: the bundle splits
 * this module into apps/server/dist/chunks/, where '../../web/dist' would point into apps/server.
 */
const DEFAULT_WEB_DIST_DIR = join(
  dirname(createRequire(import.meta.url).resolve('@agentcast/web/package.json')),
  'dist',
);

/** Where people reach the app: PUBLIC_URL, else the address this process listens on. */
export const publicUrlOf = (env: Env, listeningUrl: string) => env.PUBLIC_URL ?? listeningUrl;

/**
 * The ffmpeg that makes the agents' videos: FFMPEG_PATH, else `ffmpeg` on the PATH, else the npm package's binary
 * (findFfmpeg has the order); none: undefined, and each run notes that its video was skipped.
 */
export const ffmpegFromEnv = (env: Env) => findFfmpeg({ configured: env.FFMPEG_PATH, searchPath: env.PATH });

/** The HTTP app's own settings (createApp), beside the services it is given. */
export const appSettings = (env: Env, publicUrl: string): AppSettings => ({
  publicUrl,
  authSecret: env.BETTER_AUTH_SECRET ?? loadOrCreateSecret(env.DATA_DIR, 'better-auth-secret'),
  isProduction: env.isProduction,
  trustProxy: env.TRUST_PROXY,
  webDistDir: env.WEB_DIST_DIR ?? DEFAULT_WEB_DIST_DIR,
});

/** The services' settings (startServices), for the API process and the worker process alike. */
export const servicesConfig = (
  env: Env,
  { publicUrl, mailer, ffmpeg }: { publicUrl: string; mailer: Mailer; ffmpeg: FoundFfmpeg | undefined },
): ServicesConfig => ({
  dataDir: env.DATA_DIR,
  mailer,
  publicUrl,
  encryptionKey: env.ENCRYPTION_KEY,
  runWorker: env.WORKER === 'on',
  llm: env.OPENAI_API_KEY
    ? {
        apiKey: env.OPENAI_API_KEY,
        baseURL: env.OPENAI_BASE_URL,
        timeoutMs: env.LLM_TIMEOUT_MS,
        maxRetries: env.LLM_MAX_RETRIES,
      }
    : undefined,
  // None found: spawning `ffmpeg` fails with ENOENT, which the run notes as a skipped video (FfmpegMissingError).
  ffmpegPath: ffmpeg?.path ?? 'ffmpeg',
  chatPollMs: env.CHAT_POLL_INTERVAL_SECONDS * 1000,
  telegramUpdates: env.TELEGRAM_UPDATES,
  defaultPlan: env.DEFAULT_PLAN,
  // Billing is off unless configured (issue 37 §1): plans are then set by the operator (`npm run plan`).
  stripe: env.STRIPE_SECRET_KEY
    ? {
        secretKey: env.STRIPE_SECRET_KEY,
        webhookSecret: env.STRIPE_WEBHOOK_SECRET!,
        apiBaseUrl: env.STRIPE_API_BASE_URL,
        prices: {
          starter: { monthly: env.STRIPE_PRICE_STARTER_MONTHLY!, yearly: env.STRIPE_PRICE_STARTER_YEARLY! },
          pro: { monthly: env.STRIPE_PRICE_PRO_MONTHLY!, yearly: env.STRIPE_PRICE_PRO_YEARLY! },
        },
      }
    : undefined,
  platformPrices: { ...DEFAULT_PLATFORM_PRICES, ...env.PLATFORM_PRICES },
  platformApis: {
    xBaseUrl: env.X_API_BASE_URL,
    linkedinBaseUrl: env.LINKEDIN_API_BASE_URL,
    linkedinApiVersion: env.LINKEDIN_API_VERSION,
    instagramBaseUrl: env.INSTAGRAM_API_BASE_URL,
    threadsBaseUrl: env.THREADS_API_BASE_URL,
    facebookBaseUrl: env.FACEBOOK_GRAPH_BASE_URL,
    facebookGraphVersion: env.FACEBOOK_GRAPH_VERSION,
    tiktok: { baseUrl: env.TIKTOK_API_BASE_URL, audited: env.TIKTOK_AUDITED },
    youtubeBaseUrl: env.GOOGLE_API_BASE_URL,
    blueskyBaseUrl: env.BLUESKY_SERVICE_URL,
    telegramBaseUrl: env.TELEGRAM_API_BASE_URL,
    discordBaseUrl: env.DISCORD_API_BASE_URL,
    farcaster: env.NEYNAR_API_KEY
      ? {
          apiKey: env.NEYNAR_API_KEY,
          baseUrl: env.NEYNAR_API_BASE_URL,
          appFid: env.FARCASTER_APP_FID!,
          appMnemonic: env.FARCASTER_APP_MNEMONIC!,
        }
      : undefined,
    timeoutMs: env.PLATFORM_TIMEOUT_MS,
    // Instagram's and Threads' containers are looked at every 5 s; tests run faster (TIME_SCALE).
    mediaPollIntervalMs: Math.ceil(5000 / env.TIME_SCALE),
  },
  timeScale: env.TIME_SCALE,
  outboundPolicy: outboundPolicy({ isProduction: env.isProduction, allowPrivateTargets: env.ALLOW_PRIVATE_TARGETS }),
  membership: {
    enabled: env.isMembershipGateOn,
    contract: env.MEMBERSHIP_CONTRACT,
    chainId: env.MEMBERSHIP_CHAIN_ID,
    rpcUrl: env.MEMBERSHIP_RPC_URL,
    cacheTtlMs: env.MEMBERSHIP_CACHE_SECONDS * 1000,
  },
  embeddings: env.EMBEDDINGS_MODEL
    ? {
        model: env.EMBEDDINGS_MODEL,
        dimensions: env.EMBEDDINGS_DIMENSIONS,
        apiKey: env.EMBEDDINGS_API_KEY ?? env.OPENAI_API_KEY ?? '',
        baseURL: env.EMBEDDINGS_BASE_URL ?? env.OPENAI_BASE_URL,
        timeoutMs: env.LLM_TIMEOUT_MS,
        maxRetries: env.LLM_MAX_RETRIES,
      }
    : undefined,
  oauth: oauthConfig(env),
  s3:
    env.STORAGE_DRIVER === 's3'
      ? {
          endpoint: env.S3_ENDPOINT,
          region: env.S3_REGION,
          accessKeyId: env.S3_ACCESS_KEY_ID ?? '',
          secretAccessKey: env.S3_SECRET_ACCESS_KEY ?? '',
          forcePathStyle: env.S3_FORCE_PATH_STYLE === 'true',
          buckets: { images: env.S3_BUCKET_IMAGES, trainingfiles: env.S3_BUCKET_TRAININGFILES },
          publicImageBaseUrl: env.S3_PUBLIC_URL ?? '',
        }
      : undefined,
});

/** A platform takes part only with its client id and secret (env.ts checks they come together). */
const client = (id: string | undefined, secret: string | undefined) =>
  id && secret ? { clientId: id, clientSecret: secret } : undefined;

/** The platforms people can connect by OAuth, and where their servers are. */
export const oauthConfig = (env: Env): OAuthConfig => {
  const linkedin = client(env.LINKEDIN_CLIENT_ID, env.LINKEDIN_CLIENT_SECRET);
  const instagram = client(env.INSTAGRAM_CLIENT_ID, env.INSTAGRAM_CLIENT_SECRET);
  const youtube = client(env.GOOGLE_CLIENT_ID, env.GOOGLE_CLIENT_SECRET);
  const x = client(env.X_CLIENT_ID, env.X_CLIENT_SECRET);
  const threads = client(env.THREADS_CLIENT_ID, env.THREADS_CLIENT_SECRET);
  const facebook = client(env.FACEBOOK_CLIENT_ID, env.FACEBOOK_CLIENT_SECRET);
  const tiktok = client(env.TIKTOK_CLIENT_KEY, env.TIKTOK_CLIENT_SECRET);
  return {
    timeoutMs: env.OAUTH_TIMEOUT_MS,
    linkedin: linkedin && {
      ...linkedin,
      oauthBaseUrl: env.LINKEDIN_OAUTH_BASE_URL,
      apiBaseUrl: env.LINKEDIN_API_BASE_URL,
    },
    instagram: instagram && {
      ...instagram,
      oauthBaseUrl: env.INSTAGRAM_OAUTH_BASE_URL,
      tokenBaseUrl: env.INSTAGRAM_TOKEN_BASE_URL,
      apiBaseUrl: env.INSTAGRAM_API_BASE_URL,
    },
    youtube: youtube && {
      ...youtube,
      oauthBaseUrl: env.GOOGLE_OAUTH_BASE_URL,
      tokenBaseUrl: env.GOOGLE_TOKEN_BASE_URL,
      apiBaseUrl: env.GOOGLE_API_BASE_URL,
    },
    x: x && { ...x, oauthBaseUrl: env.X_OAUTH_BASE_URL, apiBaseUrl: env.X_API_BASE_URL },
    threads: threads && { ...threads, oauthBaseUrl: env.THREADS_OAUTH_BASE_URL, apiBaseUrl: env.THREADS_API_BASE_URL },
    facebook: facebook && {
      ...facebook,
      oauthBaseUrl: env.FACEBOOK_OAUTH_BASE_URL,
      graphBaseUrl: env.FACEBOOK_GRAPH_BASE_URL,
      graphVersion: env.FACEBOOK_GRAPH_VERSION,
    },
    tiktok: tiktok && {
      clientKey: tiktok.clientId,
      clientSecret: tiktok.clientSecret,
      oauthBaseUrl: env.TIKTOK_OAUTH_BASE_URL,
      apiBaseUrl: env.TIKTOK_API_BASE_URL,
      audited: env.TIKTOK_AUDITED,
    },
  };
};
