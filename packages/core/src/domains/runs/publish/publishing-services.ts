import type { Logger } from 'pino';
import type { PlatformPrices } from '@agentcast/contracts/costs';
import type { Database } from '@agentcast/db/client';
import type { EventBus } from '../../../integrations/events/event-bus.ts';
import type { JobQueue } from '../../../integrations/queue/create-job-queue.ts';
import type { PlatformCredentials, PublishingPlatform } from '../../../integrations/platforms/common/platform.ts';
import type { StorageDriver } from '../../../integrations/storage/storage-driver.ts';

/**
 * The account to publish with, from the user's platform connections: none connected, usable credentials, or a
 * connection that cannot be used (revoked: the person must reconnect; `retry`: the provider failed, try later).
 */
export type PlatformAccess =
  | { kind: 'none' }
  | { kind: 'ok'; credentials: PlatformCredentials; connectionId?: string }
  | { kind: 'unusable'; message: string; retry: boolean };

export type ResolvePlatformAccess = (input: {
  workspaceId: string;
  agentId: string;
  platform: string;
}) => Promise<PlatformAccess>;

/** ResolvePlatformAccess for many agents at once; one answer per request, in order. */
export type ResolvePlatformAccesses = (
  requests: { workspaceId: string; agentId: string; platform: string }[],
) => Promise<PlatformAccess[]>;

/** How long things may take, and how retries are spaced. Shorter in tests. */
export type PublishingTiming = {
  /** A worker holds a delivery this long while publishing; longer than any one platform call can take. */
  postingLeaseMs: number;
  /** How long after an unanswered post the account's recent posts are read (platforms list new posts with a lag). */
  reconcileDelayMs: number;
  /** First retry delay after a transient error; doubles each attempt, up to maxBackoffMs. */
  backoffMs: number;
  maxBackoffMs: number;
  /** Attempts before a delivery is given up as failed. */
  maxAttempts: number;
};

export const DEFAULT_PUBLISHING_TIMING: PublishingTiming = {
  postingLeaseMs: 5 * 60_000,
  reconcileDelayMs: 20_000,
  backoffMs: 15_000,
  maxBackoffMs: 30 * 60_000,
  maxAttempts: 6,
};

export type PublishingServices = {
  db: Database;
  queue: JobQueue;
  storage: StorageDriver;
  events: EventBus;
  logger: Logger;
  /** The adapters this server can publish with, by platform id. */
  platforms: ReadonlyMap<string, PublishingPlatform>;
  resolveAccess: ResolvePlatformAccess;
  timing: PublishingTiming;
  now: () => Date;
  /** ffmpeg, for the vertical form of a video that Reels and Shorts take; `ffmpeg` on the PATH when absent. */
  ffmpegPath?: string;
  /** What each billable platform call costs, for the cost meter; X's published prices when absent. */
  prices?: PlatformPrices;
  /**
   * Changes are written but not shown (terminal copy and event): the caller shows a whole batch at once
   * (showDeliveries). Used by the worker that publishes right after writing a batch of posts.
   */
  quiet?: boolean;
};
