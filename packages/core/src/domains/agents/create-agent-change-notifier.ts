import type { Logger } from 'pino';
import type { JobQueue } from '../../integrations/queue/create-job-queue.ts';
import type { StorageDriver } from '../../integrations/storage/storage-driver.ts';
import { queueIngestion } from '../knowledge/queue-ingestion.ts';
import { AGENT_CHANGED_JOB, type AgentChange } from './agent-changed-job.ts';
import { sendJob } from '../../integrations/queue/send-job.ts';

/**
 * Queues the agent-changed job and one indexing job per new knowledge source. If the queue cannot take them, the
 * orphaned files are removed right away instead (best effort), and the sources stay queued: workers pick queued
 * sources up when they start (requeue-knowledge.ts).
 */
export const createAgentChangeNotifier =
  ({ queue, storage, logger }: { queue: JobQueue; storage: StorageDriver; logger: Logger }) =>
  async (change: AgentChange) => {
    try {
      await sendJob(queue, AGENT_CHANGED_JOB, change);
      for (const sourceId of change.queuedSources ?? []) await queueIngestion(queue, sourceId);
    } catch (error) {
      logger.error(
        { err: error, agentId: change.agentId },
        'Could not queue the agent-changed job; cleaning up inline',
      );
      const results = await Promise.allSettled(
        (change.orphanedFiles ?? []).map(({ bucket, path }) => storage.delete(bucket, path)),
      );
      for (const result of results) {
        if (result.status === 'rejected') logger.warn({ err: result.reason }, 'Could not delete an orphaned file');
      }
    }
  };
