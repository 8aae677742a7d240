import type { PlanId } from '@agentcast/contracts/plans';
import type { Database } from '@agentcast/db/client';
import type { EventBus } from '../../../integrations/events/event-bus.ts';
import type { JobQueue } from '../../../integrations/queue/create-job-queue.ts';
import type { StorageDriver } from '../../../integrations/storage/storage-driver.ts';

/** What the Review tab's actions need; the API builds it once at start-up. */
export type ReviewServices = {
  db: Database;
  queue: JobQueue;
  events: EventBus;
  storage: StorageDriver;
  /** The plan of accounts with none set: a draft moved to another day takes that day's quota. */
  defaultPlan: PlanId;
  now?: () => Date;
};
