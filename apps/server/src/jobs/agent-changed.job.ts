import type { Job } from 'pg-boss';
import type { Logger } from 'pino';
import { AGENT_CHANGED_JOB } from '@agentcast/core/agents/agent-changed-job';
import type { StorageDriver } from '@agentcast/core/storage/storage-driver';
import { jobPayload } from './job-payload.ts';

/**
 * Removes the files an agent change left behind. Deleting is idempotent, so a retry after a partial failure is
 * safe. (The runtime's own reactions to agent changes — schedules, knowledge — are added here as they land.)
 */
export const handleAgentChanged =
  ({ storage, logger }: { storage: StorageDriver; logger: Logger }) =>
  async (jobs: Job<unknown>[]) => {
    for (const job of jobs) {
      const payload = jobPayload(AGENT_CHANGED_JOB, job, logger);
      if (!payload) continue;
      const { agentId, change, orphanedFiles } = payload;
      for (const { bucket, path } of orphanedFiles) await storage.delete(bucket, path);
      logger.info({ agentId, change, removedFiles: orphanedFiles.length }, 'Agent change processed');
    }
  };
