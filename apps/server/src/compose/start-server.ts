import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import type { Logger } from 'pino';
import { createMailer } from '@agentcast/core/integrations/mail/mailer';
import { appSettings, ffmpegFromEnv, oauthConfig, publicUrlOf, servicesConfig } from '../config.ts';
import type { Env } from '../env.ts';
import { logFfmpeg } from './log-ffmpeg.ts';
import { openAppDatabase } from './open-app-database.ts';
import { unreachableMediaReason } from './public-media-reach.ts';
import { describeUnconfiguredPlatforms, unconfiguredPlatforms } from './unconfigured-platforms.ts';

/** In-flight requests get this long to finish on shutdown before their connections are cut. */
const SHUTDOWN_GRACE_MS = 10_000;

/**
 * How long an idle keep-alive connection stays open: longer than the proxies in front keep theirs (60 s at AWS's and
 * Google's load balancers). With Node's 5 s, a proxy or client reusing a connection just as the server closes it
 * gets a reset (a 502 behind a proxy, ECONNRESET in a client); the headers timeout must be the longer of the two.
 */
const KEEP_ALIVE_TIMEOUT_MS = 65_000;

export type RunningServer = { url: string; stop: () => Promise<void> };

/** The second argument carries the Node request, which the client-ip middleware reads the peer address from. */
type FetchHandler = (request: Request, env?: unknown) => Response | Promise<Response>;

/**
 * Opens and migrates the database, then listens. The app is attached once the bound port is known (PORT=0 picks
 * a free one, and the default public URL names it); until then, for an instant, requests get 503.
 */
export const startServer = async (env: Env, logger: Logger): Promise<RunningServer> => {
  const startedAt = performance.now();
  // Side by side: opening the database waits mostly on the disk and on PGlite's WebAssembly compiling in V8's
  // background threads, while the app's modules load on the main thread (imported here, not at the top, for that).
  const [{ database, close: closeDatabase }, { createApp }, { startServices }] = await Promise.all([
    // The embedded database belongs to one process: a second server on the same DATA_DIR is refused.
    openAppDatabase(env, 'Agentcast server', logger),
    import('../app.ts'),
    import('./start-services.ts'),
  ]);

  let handle: FetchHandler = () => new Response('Starting', { status: 503 });
  const server = await listen((request, bindings) => handle(request, bindings), env.HOST, env.PORT);
  const { port } = server.address() as AddressInfo;
  const url = `http://localhost:${port}`;
  const publicUrl = publicUrlOf(env, url);

  const mailer = createMailer({ smtpUrl: env.SMTP_URL, from: env.MAIL_FROM, logger });
  const ffmpeg = ffmpegFromEnv(env);
  // The worker starts while the app is attached: the first requests do not wait for its loops and listeners.
  const services = await startServices(
    database,
    { ...servicesConfig(env, { publicUrl, mailer, ffmpeg }), startWorkerInBackground: true },
    logger,
  );
  const shutdown = new AbortController();
  const app = createApp({
    services,
    shutdownSignal: shutdown.signal,
    db: database.db,
    mailer,
    logger,
    ...appSettings(env, publicUrl),
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
    await closeDatabase();
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

/** Instagram and Threads fetch media from their URLs: say at start-up, with what to change, when they could not. */
const logUnreachableMedia = (env: Env, mediaUrl: string, logger: Logger) => {
  const { instagram, threads } = oauthConfig(env);
  if (!instagram && !threads) return;
  const reason = unreachableMediaReason(mediaUrl);
  if (reason)
    logger.warn(
      { mediaUrl },
      `Instagram and Threads cannot download this server's media: ${reason}. Set PUBLIC_URL to the address the internet reaches this server at, or S3_PUBLIC_URL to a public bucket; until then posts to Instagram fail and posts to Threads go out without their media, with a note in the terminal.`,
    );
};

const listen = (fetch: FetchHandler, hostname: string | undefined, port: number) =>
  new Promise<
    ReturnType<typeof serve> & { address: () => AddressInfo | string | null; closeAllConnections: () => void }
  >((resolve, reject) => {
    const server = serve({ fetch, hostname, port }, () => resolve(server as never));
    // serve() makes a node:http server unless told otherwise.
    Object.assign(server as Server, {
      keepAliveTimeout: KEEP_ALIVE_TIMEOUT_MS,
      headersTimeout: KEEP_ALIVE_TIMEOUT_MS + 1_000,
    });
    server.once('error', reject);
  });
