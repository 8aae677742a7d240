import pino from 'pino';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { z } from 'zod';
import type { DatabaseConnection } from '@agentcast/db/client';
import { createTestDatabase } from '@agentcast/db/testing/create-test-database';
import { createJobQueue, type JobQueue } from '@agentcast/core/integrations/queue/create-job-queue';
import { defineJob } from '@agentcast/core/integrations/queue/job-definition';
import { sendJobs } from '@agentcast/core/integrations/queue/send-job';
import { jobWorker, workJob } from './job-adapters.ts';

const logger = pino({ level: 'silent' });
let database: DatabaseConnection;
let queue: JobQueue;
beforeAll(async () => {
  database = await createTestDatabase();
  queue = createJobQueue(database, logger);
  await queue.start();
});
afterAll(async () => {
  await queue.stop({ graceful: false });
  await database.close();
});

const worked: number[] = [];
/** A notify queue worked one job at a time, as the indexing of knowledge files is. */
const ONE_AT_A_TIME_JOB = defineJob({
  name: 'one-at-a-time',
  payload: z.object({ n: z.number() }),
  retryLimit: 0,
  notify: true,
  work: { pollingIntervalSeconds: 1 },
  handler: async () => ({ each: async (_services: null, { n }) => void worked.push(n) }),
});

it('works every job of a notify queue sent together, not only the first one a wake-up fetches', async () => {
  await queue.createQueue(ONE_AT_A_TIME_JOB.name, { notify: true });
  await workJob(queue, await jobWorker(ONE_AT_A_TIME_JOB, null), logger);

  // One statement, one NOTIFY, one wake-up: the worker fetches one job, and the rest wait for its next poll. With
  // pg-boss's own backstop for notify queues (30 s) they waited half a minute; a queue's poll is its backstop.
  await sendJobs(queue, ONE_AT_A_TIME_JOB, [{ payload: { n: 1 } }, { payload: { n: 2 } }, { payload: { n: 3 } }]);

  await expect.poll(() => worked.toSorted(), { timeout: 15_000 }).toEqual([1, 2, 3]);
});
