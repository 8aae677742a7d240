import type { Logger } from 'pino';
import type { PlatformPrices } from '@agentcast/contracts/costs';
import type { PlanId } from '@agentcast/contracts/plans';
import type { AgentServices } from '@agentcast/core/domains/agents/agent-services';
import { createAgentChangeNotifier } from '@agentcast/core/domains/agents/create-agent-change-notifier';
import type { MetricsServices } from '@agentcast/core/domains/analytics/metrics-services';
import type { ConnectionServices } from '@agentcast/core/domains/connections/connection-services';
import type { IngestionServices } from '@agentcast/core/domains/knowledge/work-ingest-knowledge-job';
import { createKnowledgeSearch } from '@agentcast/core/domains/knowledge/search-knowledge';
import { createMembershipCheck } from '@agentcast/core/domains/membership/create-membership-check';
import type { MembershipServices } from '@agentcast/core/domains/membership/membership-services';
import type { NotificationServices } from '@agentcast/core/domains/notifications/notification-services';
import type { WorkspaceServices } from '@agentcast/core/domains/workspaces/workspace-services';
import type { ConversationServices } from '@agentcast/core/domains/replies/poll-conversations';
import {
  createAccessesResolver,
  createAccessResolver,
} from '@agentcast/core/domains/runs/publish/create-access-resolver';
import type { PublishingServices } from '@agentcast/core/domains/runs/publish/publishing-services';
import type { ReviewServices } from '@agentcast/core/domains/runs/review/review-services';
import type { ClientApprovalServices } from '@agentcast/core/domains/client-approvals/client-approval-services';
import type { RunServices } from '@agentcast/core/domains/runs/write/run-services';
import type { PostWriter } from '@agentcast/core/domains/runs/write/post-writer';
import type { WebhookWorkerServices } from '@agentcast/core/domains/webhooks/webhook-services';
import type { EventBus } from '@agentcast/core/integrations/events/event-bus';
import type { Embedder } from '@agentcast/core/integrations/llm/openai-embedder';
import type { Mailer } from '@agentcast/core/integrations/mail/mailer';
import type { OutboundPolicy } from '@agentcast/core/integrations/net/outbound-policy';
import type { ResolveHost } from '@agentcast/core/integrations/net/resolve-host';
import type { OAuthProviders } from '@agentcast/core/integrations/oauth/create-oauth-providers';
import type { createPlatforms } from '@agentcast/core/integrations/platforms/create-platforms';
import type { JobQueue } from '@agentcast/core/integrations/queue/create-job-queue';
import type { SecretBox } from '@agentcast/core/integrations/secrets/secret-box';
import type { StorageDriver } from '@agentcast/core/integrations/storage/storage-driver';
import type { Database } from '@agentcast/db/client';
import type { WorkerTiming } from './worker-timing.ts';
import type { BillingServices } from '@agentcast/core/domains/billing/billing-services';
import type { StripeClient, StripeSettings } from '@agentcast/core/integrations/billing/stripe-client';

/** Which servers a person may have this one call (webhook receivers), and how their names are resolved. */
export type Outbound = { policy: OutboundPolicy; resolveHost?: ResolveHost };

/** What startServices opened for this process: the connections and clients every domain is built from. */
export type Infrastructure = {
  db: Database;
  queue: JobQueue;
  events: EventBus;
  storage: StorageDriver;
  secretBox: SecretBox;
  logger: Logger;
  mailer: Mailer;
  /** PUBLIC_URL: links in e-mails, OAuth callbacks. */
  publicUrl: string;
  /** The plan of accounts with none set (DEFAULT_PLAN). */
  defaultPlan: PlanId;
  /** What each billable platform call costs, for the cost meter. */
  prices?: PlatformPrices;
  timing: WorkerTiming;
  oauthProviders: OAuthProviders;
  membership: MembershipServices;
  outbound: Outbound;
  platforms: ReturnType<typeof createPlatforms>;
  writer: PostWriter;
  embedder?: Embedder;
  /** The ffmpeg executable for videos (FFMPEG_PATH, the PATH's, or npm's). */
  ffmpegPath: string;
  /** Stripe, when card payments are configured. */
  stripe?: { settings: StripeSettings; client: StripeClient };
};

/**
 * Each domain's services, built once per process from its infrastructure: the API's routes and the worker's job
 * handlers and loops take theirs from here, so that a route and a job of one domain never see two different sets.
 */
export const composeDomainServices = (infra: Infrastructure) => {
  const { db, queue, events, storage, secretBox, logger, mailer, publicUrl, defaultPlan, prices, timing } = infra;
  const now = () => new Date();
  const access = {
    db,
    secretBox,
    oauthProviders: infra.oauthProviders,
    credentialSignIns: infra.platforms.credentialSignIns,
    logger,
  };
  const resolveAccess = createAccessResolver(access);

  const publishing: PublishingServices = {
    db,
    queue,
    storage,
    events,
    logger,
    platforms: infra.platforms.publishing,
    resolveAccess,
    timing: timing.publishing,
    now,
    prices,
    ffmpegPath: infra.ffmpegPath,
  };
  const runs: RunServices = {
    db,
    queue,
    storage,
    writer: infra.writer,
    events,
    logger,
    searchKnowledge: createKnowledgeSearch({ db, embedder: infra.embedder, logger }),
    checkMembership: createMembershipCheck(infra.membership),
    ffmpegPath: infra.ffmpegPath,
    generationLeaseMs: timing.generationLeaseMs,
    publishing,
    now,
  };
  const review: ReviewServices = { db, queue, events, storage, defaultPlan, now };
  /** Client links: what Review does, and the app's address their URLs point to. */
  const clientApprovals: ClientApprovalServices = { ...review, publicUrl, now };
  /** Triggers and Compose: what plans a run and queues it (the agents' routes). */
  const planning = { db, queue, events, storage, logger, defaultPlan, now };
  const conversations: ConversationServices = {
    db,
    queue,
    events,
    logger,
    resolveAccess,
    conversations: infra.platforms.conversations,
    chatPollMs: timing.schedule.chatPollMs,
    defaultPlan,
    now,
    prices,
  };
  const notifications: NotificationServices = { db, mailer, publicUrl, logger, now };
  // Invitations need what notifications need: the database, the mail and the app's address for links.
  const workspaces: WorkspaceServices = notifications;
  const webhooks: WebhookWorkerServices = {
    ...notifications,
    queue,
    secretBox,
    timing: timing.webhooks,
    targets: infra.outbound.policy,
    resolveHost: infra.outbound.resolveHost,
  };
  const agents: AgentServices = {
    db,
    storage,
    secretBox,
    logger,
    scheduleSettings: timing.schedule,
    defaultPlan,
    notifyAgentChanged: createAgentChangeNotifier({ queue, storage, logger }),
    farcasterChannels: infra.platforms.farcasterChannels,
  };
  const connections: ConnectionServices = {
    ...access,
    publicUrl,
    defaultPlan,
    outbound: infra.outbound,
    farcasterSigners: infra.platforms.farcasterSigners,
    tiktokCreator: infra.platforms.tiktokCreator,
  };
  const metrics: MetricsServices = {
    db,
    events,
    logger,
    platforms: infra.platforms.publishing,
    resolveAccesses: createAccessesResolver(access),
    now,
    prices,
  };
  const knowledge: IngestionServices & { embedder?: Embedder } = { db, storage, logger, embedder: infra.embedder };
  const scheduler = { db, queue, events, logger, now, defaultPlan, notifications };
  const billing: BillingServices | undefined = infra.stripe && {
    db,
    stripe: infra.stripe.client,
    settings: infra.stripe.settings,
    publicUrl,
    defaultPlan,
    logger,
  };

  return {
    agents,
    billing,
    connections,
    membership: infra.membership,
    knowledge,
    planning,
    runs,
    review,
    clientApprovals,
    publishing,
    conversations,
    notifications,
    workspaces,
    webhooks,
    metrics,
    scheduler,
  };
};

export type DomainServices = ReturnType<typeof composeDomainServices>;
