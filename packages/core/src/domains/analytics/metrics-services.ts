import type { Logger } from 'pino';
import type { PlatformPrices } from '@agentcast/contracts/costs';
import type { Database } from '@agentcast/db/client';
import type { EventBus } from '../../integrations/events/event-bus.ts';
import type { PublishingPlatform } from '../../integrations/platforms/common/platform.ts';
import type { ResolvePlatformAccesses } from '../runs/publish/publishing-services.ts';

/** What reading published posts' metrics needs; the worker builds it once at start-up, tests with a clock of theirs. */
export type MetricsServices = {
  db: Database;
  events: EventBus;
  logger: Logger;
  /** The adapters, by platform id; those with `readMetrics` are read. */
  platforms: ReadonlyMap<string, PublishingPlatform>;
  /** The agents' connections, many at once (createAccessesResolver). */
  resolveAccesses: ResolvePlatformAccesses;
  now: () => Date;
  /** What each billable platform call costs (X's reads); X's published prices when absent. */
  prices?: PlatformPrices;
};
