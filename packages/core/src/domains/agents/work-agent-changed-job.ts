import type { Logger } from 'pino';
import type { StorageDriver } from '../../integrations/storage/storage-driver.ts';
import type { CheckedAgentChange } from './agent-changed-job.ts';

/**
 * The agent-changed job's handler: removes the files an agent change left behind. Deleting is idempotent, so a retry
 * after a partial failure is safe.
 */
export const workAgentChangedJob = async (
  { storage, logger }: { storage: StorageDriver; logger: Logger },
  { agentId, change, orphanedFiles }: CheckedAgentChange,
) => {
  for (const { bucket, path } of orphanedFiles) await storage.delete(bucket, path);
  logger.info({ agentId, change, removedFiles: orphanedFiles.length }, 'Agent change processed');
};
