import { join } from 'node:path';
import type { Logger } from 'pino';
import type { PlatformPrices } from '@agentcast/contracts/costs';
import type { PlanId } from '@agentcast/contracts/plans';
import { createEventBus, type EventBus } from '@agentcast/core/integrations/events/event-bus';
import { createJobQueue, type JobQueue } from '@agentcast/core/integrations/queue/create-job-queue';
import { createOpenAiEmbedder, type OpenAiEmbedderOptions } from '@agentcast/core/integrations/llm/openai-embedder';
import { createOpenAiProvider } from '@agentcast/core/integrations/llm/openai-provider';
import { createMastodonAppStore } from '@agentcast/core/domains/connections/mastodon-app-store';
import {
  createOAuthProviders,
  type OAuthConfig,
  type OAuthProviders,
} from '@agentcast/core/integrations/oauth/create-oauth-providers';
import { createPlatforms, type PlatformApisConfig } from '@agentcast/core/integrations/platforms/create-platforms';
import type { MembershipConfig } from '@agentcast/core/domains/membership/membership-config';
import { createMembershipServices } from '@agentcast/core/domains/membership/membership-services';
import { createModelPostWriter } from '@agentcast/core/domains/runs/write/model-post-writer';
import { createOfflinePostWriter } from '@agentcast/core/domains/runs/write/offline-post-writer';
import type { Mailer } from '@agentcast/core/integrations/mail/mailer';
import { createSecretBox } from '@agentcast/core/integrations/secrets/secret-box';
import type { TelegramUpdate } from '@agentcast/core/integrations/platforms/telegram/telegram-update-post';
import { createTelegramUpdateStore, telegramWebhookBot } from '@agentcast/core/domains/replies/telegram-update-store';
import {
  chooseTelegramUpdatesMode,
  type TelegramUpdatesSetting,
} from '@agentcast/core/domains/replies/telegram-updates-mode';
import type { OutboundPolicy } from '@agentcast/core/integrations/net/outbound-policy';
import type { PostWriter } from '@agentcast/core/domains/runs/write/post-writer';
import type { ResolveHost } from '@agentcast/core/integrations/net/resolve-host';
import { loadOrCreateSecret } from '@agentcast/core/integrations/secrets/load-or-create-secret';
import { createLocalStorageDriver } from '@agentcast/core/integrations/storage/local-storage-driver';
import { createS3StorageDriver, type S3StorageConfig } from '@agentcast/core/integrations/storage/s3-storage-driver';
import type { StorageDriver } from '@agentcast/core/integrations/storage/storage-driver';
import type { DatabaseConnection } from '@agentcast/db/client';
import { enableEmbeddingStore } from '@agentcast/db/embedding-store';
import { createQueues } from '../jobs/register-job-handlers.ts';
import { composeDomainServices, type DomainServices } from './domain-services.ts';
import { startWorker } from './start-worker.ts';
import { workerTiming } from './worker-timing.ts';
import type { StripeSettings } from '@agentcast/core/integrations/billing/stripe-client';

export type ServicesConfig = {
  dataDir: string;
  publicUrl: string;
  /** 32 bytes, base64; generated into dataDir when absent (development). */
  encryptionKey?: string;
  /** Local files under dataDir/storage, or S3. */
  s3?: S3StorageConfig;
  /** Work the job queues in this process too. */
  runWorker: boolean;
  /**
   * Start the worker without waiting for it: startServices resolves first and `workerStarted` settles once the
   * worker runs (the server answers its first requests meanwhile). Otherwise startServices waits for it.
   */
  startWorkerInBackground?: boolean;
  /** An OpenAI-compatible endpoint; without it the offline writer writes the posts. */
  llm?: { apiKey: string; baseURL?: string; timeoutMs: number; maxRetries: number };
  ffmpegPath: string;
  /** An OpenAI-compatible embeddings endpoint: knowledge search becomes hybrid. */
  embeddings?: OpenAiEmbedderOptions;
  /** How often agents with the chat activity look for posts to answer. */
  chatPollMs: number;
  /** The plan of accounts with none set. */
  defaultPlan: PlanId;
  /** Card payments (STRIPE_*): billing is off without them. */
  stripe?: StripeSettings;
  /** What each billable platform call costs, for the cost meter (X's published prices by default). */
  platformPrices?: PlatformPrices;
  /** Where the X and LinkedIn APIs are, and how long a request to them may take. */
  platformApis: PlatformApisConfig;
  /** TELEGRAM_UPDATES: how bots' messages arrive (a webhook where PUBLIC_URL is public https, else getUpdates). */
  telegramUpdates?: TelegramUpdatesSetting;
  /** Tests only: every scheduling and publishing duration is divided by this (see worker-timing.ts). */
  timeScale: number;
  /** The platforms people can connect by OAuth (none when omitted). */
  oauth?: OAuthConfig;
  /** The membership gate (NFT on Base): checked by the gated API routes and, before each post, by the worker. */
  membership: MembershipConfig;
  /** The membership cache's clock (tests move it forward); the system clock otherwise. */
  membershipClock?: () => number;
  /** The worker's notifications (drafts waiting, a post that failed) are sent with it. */
  mailer: Mailer;
  /** Which servers a person may have this one call (webhook receivers); public HTTPS only (production's) when omitted. */
  outboundPolicy?: OutboundPolicy;
  /** Tests only: resolves those servers' names instead of the system resolver. */
  resolveHost?: ResolveHost;
};

export type Services = {
  storage: StorageDriver;
  /** Whether this server must serve /storage/images itself. */
  isLocalStorage: boolean;
  queue: JobQueue;
  events: EventBus;
  /** The configured OAuth providers (which platforms the pages offer). */
  oauthProviders: OAuthProviders;
  /** Each domain's services, built once (domain-services.ts). */
  domains: DomainServices;
  /** Settles once the worker runs (at once without one); rejects if it failed to start. */
  workerStarted: Promise<void>;
  /**
   * A call Telegram made to a bot's webhook: kept for the agents that answer through the bot when its secret (in the
   * path and the header alike) is this server's. Answers whether it was.
   */
  telegramWebhook: {
    receive: (pathSecret: string, headerSecret: string | undefined, update: TelegramUpdate) => Promise<boolean>;
  };
  /** Lets running jobs finish (up to 10 s), then stops the queue and the event listener. */
  stop: () => Promise<void>;
};

const createWriter = (llm: ServicesConfig['llm']): PostWriter =>
  llm ? createModelPostWriter(createOpenAiProvider(llm)) : createOfflinePostWriter();

/** The services behind the domain functions, shared by the API process, the worker process and the tests. */
export const startServices = async (
  database: DatabaseConnection,
  config: ServicesConfig,
  logger: Logger,
): Promise<Services> => {
  const storage = config.s3
    ? await createS3StorageDriver(config.s3)
    : createLocalStorageDriver({ rootDir: join(config.dataDir, 'storage'), publicBaseUrl: config.publicUrl });
  const key = config.encryptionKey ?? loadOrCreateSecret(config.dataDir, 'encryption-key');
  const secretBox = createSecretBox(key);
  const telegram = chooseTelegramUpdatesMode({
    publicUrl: config.publicUrl,
    setting: config.telegramUpdates ?? 'auto',
    key,
  });
  logger.info(telegram.description);
  const telegramUpdates = createTelegramUpdateStore(database.db);
  // In every process, so that a server without pgvector is reported at start-up rather than at the first search.
  if (config.embeddings) await enableEmbeddingStore(database);
  // Before the job handlers: publishing reaches the platforms through getPlatformAccess with these.
  const oauthProviders = createOAuthProviders(config.oauth ?? { timeoutMs: 15_000 }, {
    mastodonApps: createMastodonAppStore(database.db, secretBox),
    publicUrl: config.publicUrl,
  });
  const membership = createMembershipServices({
    db: database.db,
    config: config.membership,
    logger,
    now: config.membershipClock,
  });
  const events = await createEventBus(database, logger);
  const queue = createJobQueue(database, logger);
  await queue.start();
  await createQueues(queue);
  const timing = workerTiming({ timeScale: config.timeScale, chatPollMs: config.chatPollMs });
  const embedder = config.embeddings ? createOpenAiEmbedder(config.embeddings) : undefined;
  const domains = composeDomainServices({
    db: database.db,
    queue,
    events,
    storage,
    secretBox,
    logger,
    mailer: config.mailer,
    publicUrl: config.publicUrl,
    defaultPlan: config.defaultPlan,
    prices: config.platformPrices,
    timing,
    oauthProviders,
    membership,
    outbound: { policy: config.outboundPolicy ?? 'public-https', resolveHost: config.resolveHost },
    platforms: createPlatforms({
      ...config.platformApis,
      telegramUpdates: { store: telegramUpdates, mode: telegram.mode },
    }),
    writer: createWriter(config.llm),
    embedder,
    ffmpegPath: config.ffmpegPath,
    stripe: config.stripe && {
      settings: config.stripe,
      // Stripe's client is loaded only where billing is configured.
      client: (await import('@agentcast/core/integrations/billing/stripe-client')).createStripeClient(config.stripe, {
        timeoutMs: config.platformApis.timeoutMs,
      }),
    },
  });
  const starting = config.runWorker
    ? startWorker({ queue, logger, timing, embedder, domains })
    : Promise.resolve(undefined);
  const workerStarted = starting.then(() => undefined);
  // A worker that fails to start is reported through workerStarted; here it only must not go unhandled.
  workerStarted.catch(() => undefined);
  if (!config.startWorkerInBackground) await workerStarted;
  return {
    storage,
    isLocalStorage: !config.s3,
    workerStarted,
    queue,
    events,
    oauthProviders,
    domains,
    telegramWebhook: {
      receive: async (pathSecret: string, headerSecret: string | undefined, update: TelegramUpdate) => {
        const botId = telegramWebhookBot(key, pathSecret, headerSecret);
        if (botId) await telegramUpdates.save(botId, [update]);
        return botId !== null;
      },
    },
    stop: async () => {
      const worker = await starting.catch(() => undefined);
      await worker?.stop();
      await queue.stop({ graceful: true, timeout: 10_000 });
      await events.close();
    },
  };
};
