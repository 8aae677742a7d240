import { join } from 'node:path';
import type { Logger } from 'pino';
import type { AgentServices } from '@agentcast/core/agents/agent-services';
import { createAgentChangeNotifier } from '@agentcast/core/agents/create-agent-change-notifier';
import { createJobQueue, type JobQueue } from '@agentcast/core/jobs/create-job-queue';
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
};

export type Services = {
  storage: StorageDriver;
  /** Whether this server must serve /storage/images itself. */
  isLocalStorage: boolean;
  secretBox: SecretBox;
  queue: JobQueue;
  notifyAgentChanged: AgentServices['notifyAgentChanged'];
  /** Lets running jobs finish (up to 10 s), then stops the queue. */
  stop: () => Promise<void>;
};

/** The services behind the domain functions, shared by the API process, the worker process and the tests. */
export const startServices = async (database: DatabaseConnection, config: ServicesConfig, logger: Logger): Promise<Services> => {
  const storage = config.s3
    ? await createS3StorageDriver(config.s3)
    : createLocalStorageDriver({ rootDir: join(config.dataDir, 'storage'), publicBaseUrl: config.publicUrl });
  const secretBox = createSecretBox(config.encryptionKey ?? loadOrCreateSecret(config.dataDir, 'encryption-key'));
  const queue = createJobQueue(database, logger);
  await queue.start();
  await createQueues(queue);
  if (config.runWorker) await registerJobHandlers(queue, { storage, logger });
  return {
    storage,
    isLocalStorage: !config.s3,
    secretBox,
    queue,
    notifyAgentChanged: createAgentChangeNotifier({ queue, storage, logger }),
    stop: () => queue.stop({ graceful: true, timeout: 10_000 }),
  };
};
