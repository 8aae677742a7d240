import type { Logger } from 'pino';
import type { PlatformPrices } from '@agentcast/contracts/costs';
import type { PlanId } from '@agentcast/contracts/plans';
import type { EventBus } from '@agentcast/core/integrations/events/event-bus';
import type { JobQueue } from '@agentcast/core/integrations/queue/create-job-queue';
import { createKnowledgeSearch } from '@agentcast/core/domains/knowledge/search-knowledge';
import type { Embedder } from '@agentcast/core/integrations/llm/openai-embedder';
import type { ConversationPlatform, PublishingPlatform } from '@agentcast/core/integrations/platforms/common/platform';
import type {
  PublishingServices,
  ResolvePlatformAccess,
  ResolvePlatformAccesses,
} from '@agentcast/core/domains/runs/publishing/publishing-services';
import type { ConversationServices } from '@agentcast/core/domains/replies/poll-conversations';
import type { MembershipCheck } from '@agentcast/core/domains/membership/create-membership-check';
import type { RunServices } from '@agentcast/core/domains/runs/run-services';
import type { PostWriter } from '@agentcast/core/domains/runs/writing/post-writer';
import type { NotificationServices } from '@agentcast/core/domains/notifications/notification-services';
import type { Mailer } from '@agentcast/core/integrations/mail/mailer';
import type { SecretBox } from '@agentcast/core/integrations/secrets/secret-box';
import type { OutboundPolicy } from '@agentcast/core/integrations/net/outbound-policy';
import type { ResolveHost } from '@agentcast/core/integrations/net/resolve-host';
import type { WebhookWorkerServices } from '@agentcast/core/domains/webhooks/webhook-services';
import { createScheduler } from '@agentcast/core/domains/scheduler/create-scheduler';
import { createMetricsCollector } from '@agentcast/core/domains/analytics/create-metrics-collector';
import type { StorageDriver } from '@agentcast/core/integrations/storage/storage-driver';
import type { Database } from '@agentcast/db/client';
import { registerJobHandlers } from './jobs/register-job-handlers.ts';
import type { WorkerTiming } from './worker-timing.ts';

export type WorkerDependencies = {
  db: Database;
  queue: JobQueue;
  events: EventBus;
  storage: StorageDriver;
  logger: Logger;
  writer: PostWriter;
  embedder?: Embedder;
  ffmpegPath: string;
  timing: WorkerTiming;
  defaultPlan: PlanId;
  /** What each billable platform call costs, for the cost meter. */
  prices?: PlatformPrices;
  platforms: ReadonlyMap<string, PublishingPlatform>;
  conversations: ReadonlyMap<string, ConversationPlatform>;
  resolveAccess: ResolvePlatformAccess;
  /** The same for many agents at once: the metrics loop's pass. */
  resolveAccesses: ResolvePlatformAccesses;
  checkMembership: MembershipCheck;
  /** Notifications (drafts waiting, a post that failed) go out through it, with links to publicUrl. */
  mailer: Mailer;
  publicUrl: string;
  /** Opens each webhook endpoint's sealed signing secret. */
  secretBox: SecretBox;
  /** Which servers webhooks may be sent to, and how their names are resolved when connecting. */
  outbound: { policy: OutboundPolicy; resolveHost?: ResolveHost };
};

/**
 * The worker half of a process: job handlers for runs, deliveries, conversations, knowledge and agent changes, the
 * scheduling loop and the metrics loop. Returns what stops the loops (the queue is stopped by its owner).
 */
export const startWorker = async (deps: WorkerDependencies) => {
  const { db, queue, events, storage, logger, timing } = deps;
  const now = () => new Date();
  const searchKnowledge = createKnowledgeSearch({ db, embedder: deps.embedder, logger });
  const publishing: PublishingServices = {
    db,
    queue,
    storage,
    events,
    logger,
    platforms: deps.platforms,
    resolveAccess: deps.resolveAccess,
    timing: timing.publishing,
    now,
    prices: deps.prices,
    ffmpegPath: deps.ffmpegPath,
  };
  const runtime: RunServices = {
    db,
    queue,
    storage,
    writer: deps.writer,
    events,
    logger,
    searchKnowledge,
    checkMembership: deps.checkMembership,
    ffmpegPath: deps.ffmpegPath,
    generationLeaseMs: timing.generationLeaseMs,
    publishing,
    now,
  };
  const conversations: ConversationServices = {
    db,
    queue,
    events,
    logger,
    resolveAccess: deps.resolveAccess,
    conversations: deps.conversations,
    chatPollMs: timing.schedule.chatPollMs,
    defaultPlan: deps.defaultPlan,
    now,
    prices: deps.prices,
  };
  const notifications: NotificationServices = { db, mailer: deps.mailer, publicUrl: deps.publicUrl, logger, now };
  const webhooks: WebhookWorkerServices = {
    ...notifications,
    queue,
    secretBox: deps.secretBox,
    timing: timing.webhooks,
    targets: deps.outbound.policy,
    resolveHost: deps.outbound.resolveHost,
  };
  await registerJobHandlers(queue, {
    db,
    storage,
    logger,
    runtime,
    publishing,
    conversations,
    notifications,
    webhooks,
    embedder: deps.embedder,
  });
  const scheduler = createScheduler(
    { db, queue, events, logger, now, defaultPlan: deps.defaultPlan, notifications },
    timing.scheduler,
  );
  scheduler.start();
  const metrics = createMetricsCollector(
    {
      db,
      events,
      logger,
      platforms: deps.platforms,
      resolveAccesses: deps.resolveAccesses,
      now,
      prices: deps.prices,
    },
    timing.metrics,
  );
  metrics.start();
  return { stop: () => Promise.all([scheduler.stop(), metrics.stop()]).then(() => undefined) };
};
