import type { Logger } from 'pino';
import type { PlanId } from '@agentcast/contracts/plans';
import type { Database } from '@agentcast/db/client';
import type { ScheduleSettings } from '../schedules/schedule-settings.ts';
import type { FarcasterChannels } from '../../integrations/platforms/farcaster/farcaster-channels.ts';
import type { SecretBox } from '../../integrations/secrets/secret-box.ts';
import type { StorageDriver } from '../../integrations/storage/storage-driver.ts';
import type { AgentChange } from './agent-changed-job.ts';

/** What the agent use cases need; the API and the worker build it once at start-up. */
export type AgentServices = {
  db: Database;
  storage: StorageDriver;
  secretBox: SecretBox;
  logger: Logger;
  /** Saving an agent brings its schedules in line in the same transaction. */
  scheduleSettings: ScheduleSettings;
  /** The plan of accounts with none set: how many posts a day the account's schedules share. */
  defaultPlan: PlanId;
  /** Tells the runtime an agent changed. Failures are logged, never thrown: the save has already happened. */
  notifyAgentChanged: (change: AgentChange) => Promise<void>;
  /** Checks the Farcaster channel an agent names; absent on a server without a Neynar key. */
  farcasterChannels?: FarcasterChannels;
};

/** A file as it arrived from the browser; `name` is only ever displayed, never used in a path. */
export type UploadedFile = { name: string; body: Buffer };
