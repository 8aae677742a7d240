import { join } from 'node:path';
import type { Logger } from 'pino';
import type { AgentServices } from '@agentcast/core/agents/agent-services';
import { createAgentChangeNotifier } from '@agentcast/core/agents/create-agent-change-notifier';
import { createEventBus, type EventBus } from '@agentcast/core/events/event-bus';
import { createJobQueue, type JobQueue } from '@agentcast/core/jobs/create-job-queue';
import { createKnowledgeSearch } from '@agentcast/core/knowledge/search-knowledge';
import { createVectorIndex } from '@agentcast/core/knowledge/vector-index';
import { createOpenAiEmbedder, type OpenAiEmbedderOptions } from '@agentcast/core/llm/openai-embedder';
import { createOpenAiProvider } from '@agentcast/core/llm/openai-provider';
import type { MembershipConfig } from '@agentcast/core/membership/membership-config';
import { createMembershipServices, type MembershipServices } from '@agentcast/core/membership/membership-services';
import { createModelPostWriter } from '@agentcast/core/runtime/model-post-writer';
import { createOfflinePostWriter } from '@agentcast/core/runtime/offline-post-writer';
import type { PostWriter } from '@agentcast/core/runtime/post-writer';
import { createSecretBox, type SecretBox } from '@agentcast/core/secrets/secret-box';
import { loadOrCreateSecret } from '@agentcast/core/secrets/load-or-create-secret';
import { createLocalStorageDriver } from '@agentcast/core/storage/local-storage-driver';
import { createS3StorageDriver, type S3StorageConfig } from '@agentcast/core/storage/s3-storage-driver';
import type { StorageDriver } from '@agentcast/core/storage/storage-driver';
import type { DatabaseConnection } from '@agentcast/db/client';
import { createQueues, registerJobHandlers } from './jobs/register-job-handlers.ts';

export type ServicesConfig = {
  dataDir: string;
  publicUrl: string;
  /** 32 bytes, base64; generated into dataDir when absent (development). */
  encryptionKey?: string;
  /** Local files under dataDir/storage, or S3. */
  s3?: S3StorageConfig;
  /** Work the job queues in this process too. */
  runWorker: boolean;
  /** An OpenAI-compatible endpoint; without it the offline writer writes the posts. */
  llm?: { apiKey: string; baseURL?: string; timeoutMs: number; maxRetries: number };
  ffmpegPath: string;
  /** An OpenAI-compatible embeddings endpoint: knowledge search becomes hybrid. */
  embeddings?: OpenAiEmbedderOptions;
  /** The membership gate (NFT on Base): checked by the gated API routes and, before each post, by the worker. */
  membership: MembershipConfig;
  /** The membership cache's clock (tests move it forward); the system clock otherwise. */
  membershipClock?: () => number;
};

export type Services = {
  storage: StorageDriver;
  /** Whether this server must serve /storage/images itself. */
  isLocalStorage: boolean;
  secretBox: SecretBox;
  queue: JobQueue;
  events: EventBus;
  notifyAgentChanged: AgentServices['notifyAgentChanged'];
  /** decideMembership / assertMembership take these (core/membership). */
  membership: MembershipServices;
  /** Lets running jobs finish (up to 10 s), then stops the queue and the event listener. */
  stop: () => Promise<void>;
};

const createWriter = (llm: ServicesConfig['llm']): PostWriter => (llm ? createModelPostWriter(createOpenAiProvider(llm)) : createOfflinePostWriter());

/** The services behind the domain functions, shared by the API process, the worker process and the tests. */
export const startServices = async (database: DatabaseConnection, config: ServicesConfig, logger: Logger): Promise<Services> => {
  const storage = config.s3
    ? await createS3StorageDriver(config.s3)
    : createLocalStorageDriver({ rootDir: join(config.dataDir, 'storage'), publicBaseUrl: config.publicUrl });
  const secretBox = createSecretBox(config.encryptionKey ?? loadOrCreateSecret(config.dataDir, 'encryption-key'));
  const events = await createEventBus(database, logger);
  const queue = createJobQueue(database, logger);
  await queue.start();
  await createQueues(queue);
  if (config.runWorker) {
    const embedder = config.embeddings ? createOpenAiEmbedder(config.embeddings) : undefined;
    const searchKnowledge = createKnowledgeSearch({ db: database.db, embedder, vectorIndex: embedder && createVectorIndex(), logger });
    const runtime = { db: database.db, storage, writer: createWriter(config.llm), events, logger, ffmpegPath: config.ffmpegPath, searchKnowledge };
    await registerJobHandlers(queue, { db: database.db, storage, logger, runtime, embedder });
  }
  return {
    storage,
    isLocalStorage: !config.s3,
    secretBox,
    queue,
    events,
    notifyAgentChanged: createAgentChangeNotifier({ queue, storage, logger }),
    membership: createMembershipServices({ db: database.db, config: config.membership, logger, now: config.membershipClock }),
    stop: async () => {
      await queue.stop({ graceful: true, timeout: 10_000 });
      await events.close();
    },
  };
};
