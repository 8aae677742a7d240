import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { serve } from '@hono/node-server';
import type { Logger } from 'pino';
import { DEFAULT_PLATFORM_PRICES } from '@agentcast/contracts/costs';
import { createMailer, type Mailer } from '@agentcast/core/integrations/mail/mailer';
import { findFfmpeg, type FoundFfmpeg } from '@agentcast/core/integrations/media/find-ffmpeg';
import type { OAuthConfig } from '@agentcast/core/integrations/oauth/create-oauth-providers';
import { loadOrCreateSecret } from '@agentcast/core/integrations/secrets/load-or-create-secret';
import { outboundPolicy } from '@agentcast/core/integrations/net/outbound-policy';
import { openDatabase, type DatabaseConnection } from '@agentcast/db/client';
import { lockDataDir } from '@agentcast/db/data-dir-lock';
import { migrateDatabase } from '@agentcast/db/migrate';
import { appDatabaseSeed } from './app-database-seed.ts';
import type { Env } from './env.ts';
import { logFfmpeg } from './log-ffmpeg.ts';
import type { ServicesConfig } from './start-services.ts';
import { unreachableMediaReason } from './public-media-reach.ts';
import { describeUnconfiguredPlatforms, unconfiguredPlatforms } from './unconfigured-platforms.ts';

/**
 * apps/web/dist, found through the workspace package rather than a path relative to this file: the bundle splits
 * this module into apps/server/dist/chunks/, where '../../web/dist' would point into apps/server.
 */
const DEFAULT_WEB_DIST_DIR = join(
  dirname(createRequire(import.meta.url).resolve('@agentcast/web/package.json')),
  'dist',
);

/** In-flight requests get this long to finish on shutdown before their connections are cut. */
const SHUTDOWN_GRACE_MS = 10_000;

export type RunningServer = { url: string; stop: () => Promise<void> };

/** The second argument carries the Node request, which the client-ip middleware reads the peer address from. */
type FetchHandler = (request: Request, env?: unknown) => Response | Promise<Response>;

/** Opens the database (on a first start, from the prepared seed) and applies the migrations it lacks. */
const openAppDatabase = async (env: Env, logger: Logger): Promise<DatabaseConnection> => {
  const startedAt = performance.now();
  const database = await openDatabase(
    env.DATABASE_URL
      ? { url: env.DATABASE_URL, maxConnections: env.DATABASE_POOL_SIZE }
      : { dataDir: join(env.DATA_DIR, 'pglite'), seed: appDatabaseSeed() },
  );
  await migrateDatabase(database);
  logger.info({ driver: database.driver, ms: Math.round(performance.now() - startedAt) }, 'Database ready');
  return database;
};

/**
 * Opens and migrates the database, then listens. The app is attached once the bound port is known (PORT=0 picks
 * a free one, and the default public URL names it); until then, for an instant, requests get 503.
 */
export const startServer = async (env: Env, logger: Logger): Promise<RunningServer> => {
  const startedAt = performance.now();
  // The embedded database belongs to one process: a second server on the same DATA_DIR is refused.
  const releaseDataDir = env.DATABASE_URL ? () => undefined : lockDataDir(env.DATA_DIR, 'Agentcast server');
  // Side by side: opening the database waits mostly on the disk and on PGlite's WebAssembly compiling in V8's
  // background threads, while the app's modules load on the main thread (imported here, not at the top, for that).
  const [database, { createApp }, { startServices }] = await Promise.all([
    openAppDatabase(env, logger),
    import('./app.ts'),
    import('./start-services.ts'),
  ]);

  let handle: FetchHandler = () => new Response('Starting', { status: 503 });
  const server = await listen((request, bindings) => handle(request, bindings), env.HOST, env.PORT);
  const { port } = server.address() as AddressInfo;
  const url = `http://localhost:${port}`;
  const publicUrl = env.PUBLIC_URL ?? url;

  const mailer = createMailer({ smtpUrl: env.SMTP_URL, from: env.MAIL_FROM, logger });
  const ffmpeg = ffmpegFromEnv(env);
  // The worker starts while the app is attached: the first requests do not wait for its loops and listeners.
  const services = await startServices(
    database,
    { ...servicesConfig(env, publicUrl, mailer, ffmpeg), startWorkerInBackground: true },
    logger,
  );
  const shutdown = new AbortController();
  const app = createApp({
    services,
    shutdownSignal: shutdown.signal,
    db: database.db,
    mailer,
    logger,
    publicUrl,
    authSecret: env.BETTER_AUTH_SECRET ?? loadOrCreateSecret(env.DATA_DIR, 'better-auth-secret'),
    isProduction: env.isProduction,
    trustProxy: env.TRUST_PROXY,
    webDistDir: env.WEB_DIST_DIR ?? DEFAULT_WEB_DIST_DIR,
  });
  handle = (request, bindings) => app.fetch(request, bindings);
  logMembershipGate(env, logger);
  logUnconfiguredPlatforms(env, logger);
  // Any media path: only the address's host decides whether the internet can fetch it.
  logUnreachableMedia(env, services.storage.publicImageUrl('agent-media/media.png'), logger);
  logger.info({ url, publicUrl, ms: Math.round(performance.now() - startedAt) }, `Agentcast is running on ${url}`);
  // A worker that cannot start still fails the start-up (runEntryPoint exits 1), only after the app answers.
  await services.workerStarted;
  // Only the worker makes videos; its version is read once the worker runs, off the start-up's path.
  if (env.WORKER === 'on') void logFfmpeg(ffmpeg, logger);

  const stop = async () => {
    shutdown.abort();
    const forceClose = setTimeout(() => server.closeAllConnections(), SHUTDOWN_GRACE_MS);
    // Stops accepting connections and resolves once every in-flight request has been answered.
    await new Promise<void>((resolve) => server.close(() => resolve()));
    clearTimeout(forceClose);
    await services.stop();
    mailer.close();
    // PGlite writes its files on close; skipping this could lose the last writes.
    await database.close();
    releaseDataDir();
    logger.info('Server stopped cleanly');
  };
  return { url, stop };
};

/** Says plainly, once at start-up, whether the dashboard is gated and by what. */
const logMembershipGate = (env: Env, logger: Logger) => {
  if (env.isMembershipGateOn) {
    logger.info(
      { contract: env.MEMBERSHIP_CONTRACT, chainId: env.MEMBERSHIP_CHAIN_ID, rpcUrl: env.MEMBERSHIP_RPC_URL },
      'Membership gate on',
    );
  } else {
    logger.warn(
      { reason: env.MEMBERSHIP_CONTRACT ? 'MEMBERSHIP_GATE=off' : 'no MEMBERSHIP_CONTRACT' },
      'Membership gate off: every signed-in account can use the dashboard',
    );
  }
};

/** The variable names an operator needs, in the log; the pages only say "Not available on this server yet". */
const logUnconfiguredPlatforms = (env: Env, logger: Logger) => {
  const missing = unconfiguredPlatforms(oauthConfig(env));
  if (missing.length > 0) logger.warn({ platforms: missing }, describeUnconfiguredPlatforms(missing));
};

/** Instagram fetches media from their URLs: say at start-up, with what to change, when it could not. */
const logUnreachableMedia = (env: Env, mediaUrl: string, logger: Logger) => {
  if (!oauthConfig(env).instagram) return;
  const reason = unreachableMediaReason(mediaUrl);
  if (reason)
    logger.warn(
      { mediaUrl },
      `Instagram cannot download this server's media: ${reason}. Set PUBLIC_URL to the address the internet reaches this server at, or S3_PUBLIC_URL to a public bucket; until then posts to Instagram fail with a note in the terminal.`,
    );
};

/**
 * The ffmpeg that makes the agents' videos: FFMPEG_PATH, else `ffmpeg` on the PATH, else the npm package's binary
 * (findFfmpeg has the order); none: undefined, and each run notes that its video was skipped.
 */
export const ffmpegFromEnv = (env: Env) => findFfmpeg({ configured: env.FFMPEG_PATH, searchPath: env.PATH });

/** The services' settings from the environment (also used by the worker process). */
export const servicesConfig = (
  env: Env,
  publicUrl: string,
  mailer: Mailer,
  ffmpeg: FoundFfmpeg | undefined,
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
  defaultPlan: env.DEFAULT_PLAN,
  platformPrices: { ...DEFAULT_PLATFORM_PRICES, ...env.PLATFORM_PRICES },
  platformApis: {
    xBaseUrl: env.X_API_BASE_URL,
    linkedinBaseUrl: env.LINKEDIN_API_BASE_URL,
    linkedinApiVersion: env.LINKEDIN_API_VERSION,
    instagramBaseUrl: env.INSTAGRAM_API_BASE_URL,
    youtubeBaseUrl: env.GOOGLE_API_BASE_URL,
    timeoutMs: env.PLATFORM_TIMEOUT_MS,
    // Instagram's containers are looked at every 5 s; tests run faster (TIME_SCALE).
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

const oauthConfig = (env: Env): OAuthConfig => {
  const linkedin = client(env.LINKEDIN_CLIENT_ID, env.LINKEDIN_CLIENT_SECRET);
  const instagram = client(env.INSTAGRAM_CLIENT_ID, env.INSTAGRAM_CLIENT_SECRET);
  const youtube = client(env.GOOGLE_CLIENT_ID, env.GOOGLE_CLIENT_SECRET);
  const x = client(env.X_CLIENT_ID, env.X_CLIENT_SECRET);
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
  };
};

const listen = (fetch: FetchHandler, hostname: string | undefined, port: number) =>
  new Promise<
    ReturnType<typeof serve> & { address: () => AddressInfo | string | null; closeAllConnections: () => void }
  >((resolve, reject) => {
    const server = serve({ fetch, hostname, port }, () => resolve(server as never));
    server.once('error', reject);
  });
