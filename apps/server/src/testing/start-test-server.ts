import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { getRequestListener } from '@hono/node-server';
import pino from 'pino';
import { createMailer } from '@agentcast/core/integrations/mail/mailer';
import { findFfmpeg } from '@agentcast/core/integrations/media/find-ffmpeg';
import { outboundPolicy } from '@agentcast/core/integrations/net/outbound-policy';
import type { ResolveHost } from '@agentcast/core/integrations/net/resolve-host';
import type { MembershipConfig } from '@agentcast/core/domains/membership/membership-config';
import type { S3StorageConfig } from '@agentcast/core/integrations/storage/s3-storage-driver';
import type { DatabaseConnection } from '@agentcast/db/client';
import { createTestDatabase } from '@agentcast/db/testing/create-test-database';
import { appTestDatabaseTemplate } from '../compose/app-database-seed.ts';
import { startSmtpSink, type SmtpSink } from '@agentcast/test-fakes/smtp-sink';
import { createApp } from '../app.ts';
import { startServices, type Services, type ServicesConfig } from '../compose/start-services.ts';
import { openServerLogs } from './open-server-logs.ts';

export type TestServer = {
  url: string;
  database: DatabaseConnection;
  services: Services;
  dataDir: string;
  mail: SmtpSink;
  /** Every method and path the app routes (middleware included), for tests that go over all of them. */
  routes: { method: string; path: string }[];
  /** Every log line the server wrote so far, parsed. */
  logs: () => Record<string, unknown>[];
  /** The raw log output, for asserting what must never appear in it. */
  rawLog: () => string;
  close: () => Promise<void>;
};

/**
 * The real app on a real socket (so client addresses and cookies behave as in production), over a fresh test
 * database, sending mail by SMTP to a loopback sink.
 */
export const startTestServer = async (
  options: {
    trustProxy?: number;
    isProduction?: boolean;
    webDistDir?: string;
    s3?: S3StorageConfig;
    llm?: ServicesConfig['llm'];
    ffmpegPath?: string;
    embeddings?: ServicesConfig['embeddings'];
    /** Scheduling and publishing durations divided by this (an interval minute lasts 60,000 / timeScale ms). */
    timeScale?: number;
    chatPollMs?: number;
    /** How Telegram's messages arrive (TELEGRAM_UPDATES); `auto` picks polling on a loopback address. */
    telegramUpdates?: ServicesConfig['telegramUpdates'];
    /** The plan of accounts with none set (Starter, as in production). */
    defaultPlan?: 'starter' | 'pro' | 'enterprise';
    /** The X and LinkedIn fakes; by default an unreachable address (nothing is published by accident). */
    platformApis?: Partial<ServicesConfig['platformApis']>;
    /** The OAuth platforms, pointed at loopback fakes (none configured when omitted). */
    oauth?: ServicesConfig['oauth'];
    runWorker?: boolean;
    /** Share this database instead of creating one (several servers on one PostgreSQL database). */
    database?: DatabaseConnection;
    /**
     * The key that seals platform tokens (ENCRYPTION_KEY); a new one each start when omitted. A server restarted on
     * the same database passes the first one's, as a deployment keeps its key.
     */
    encryptionKey?: string;
    /** Card billing: off unless a test turns it on (with the loopback Stripe fake's address). */
    stripe?: ServicesConfig['stripe'];
    /** The membership gate; off unless a test turns it on (with anvil's RPC and a deployed contract). */
    membership?: Partial<MembershipConfig>;
    /** The membership cache's clock, so a test can let the cache expire without waiting. */
    membershipClock?: () => number;
    /**
     * ALLOW_PRIVATE_TARGETS: true unless a test says otherwise, so that webhooks reach loopback receivers (production
     * ignores it). False gives a development server's default: public addresses only.
     */
    allowPrivateTargets?: boolean;
    /** Resolves webhook receivers' names instead of the system resolver, at save and at connect. */
    resolveHost?: ResolveHost;
  } = {},
): Promise<TestServer> => {
  // Copied from a database prepared as a server's first start leaves it (migrated, pg-boss installed), made once.
  const database = options.database ?? (await createTestDatabase(appTestDatabaseTemplate()));
  const ownsDatabase = !options.database;
  const mail = await startSmtpSink();
  const rawLines: string[] = [];
  const logger = pino({ level: 'debug' }, { write: (line: string) => void rawLines.push(line) });
  openServerLogs.add(rawLines);

  // The public URL must be known before better-auth is configured, so listen first and attach the app after.
  let handle: (request: IncomingMessage, response: ServerResponse) => void = (_request, response) => {
    response.statusCode = 503;
    response.end();
  };
  const server = createServer((request, response) => handle(request, response));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const dataDir = mkdtempSync(join(tmpdir(), 'agentcast-test-'));
  const mailer = createMailer({ smtpUrl: mail.smtpUrl, from: 'Agentcast <no-reply@test.local>', logger });
  const services = await startServices(
    database,
    {
      dataDir,
      publicUrl: url,
      encryptionKey: options.encryptionKey ?? randomBytes(32).toString('base64'),
      runWorker: options.runWorker ?? true,
      s3: options.s3,
      llm: options.llm,
      // As the server finds it (the PATH's, else npm's): the suites need no system ffmpeg.
      ffmpegPath: options.ffmpegPath ?? findFfmpeg({ searchPath: process.env.PATH })?.path ?? 'ffmpeg',
      embeddings: options.embeddings,
      chatPollMs: options.chatPollMs ?? 120_000,
      telegramUpdates: options.telegramUpdates,
      defaultPlan: options.defaultPlan ?? 'starter',
      stripe: options.stripe,
      timeScale: options.timeScale ?? 1,
      platformApis: {
        xBaseUrl: 'http://127.0.0.1:9',
        linkedinBaseUrl: 'http://127.0.0.1:9',
        // Never the real services: a test that needs one passes its fake.
        blueskyBaseUrl: 'http://127.0.0.1:9',
        telegramBaseUrl: 'http://127.0.0.1:9',
        discordBaseUrl: 'http://127.0.0.1:9/api',
        timeoutMs: 5000,
        ...options.platformApis,
      },
      oauth: options.oauth,
      membership: {
        enabled: false,
        contract: undefined,
        chainId: 8453,
        rpcUrl: 'http://127.0.0.1:1',
        cacheTtlMs: 60_000,
        ...options.membership,
      },
      membershipClock: options.membershipClock,
      mailer,
      outboundPolicy: outboundPolicy({
        isProduction: options.isProduction ?? false,
        allowPrivateTargets: options.allowPrivateTargets ?? true,
      }),
      resolveHost: options.resolveHost,
    },
    logger,
  );
  const shutdown = new AbortController();
  const app = createApp({
    services,
    shutdownSignal: shutdown.signal,
    db: database.db,
    mailer,
    logger,
    publicUrl: url,
    authSecret: 'test-secret-that-is-at-least-32-characters-long',
    isProduction: options.isProduction ?? false,
    // One trusted hop by default, so that each test browser can present its own client address.
    trustProxy: options.trustProxy ?? 1,
    webDistDir: options.webDistDir,
  });
  const listener = getRequestListener(app.fetch);
  handle = (request, response) => void listener(request, response);

  return {
    url,
    database,
    services,
    dataDir,
    mail,
    routes: app.routes.map(({ method, path }) => ({ method, path })),
    logs: () => rawLines.map((line) => JSON.parse(line) as Record<string, unknown>),
    rawLog: () => rawLines.join(''),
    close: async () => {
      shutdown.abort();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await services.stop();
      mailer.close();
      await mail.close();
      if (ownsDatabase) await database.close();
      openServerLogs.delete(rawLines);
    },
  };
};
