import type { Logger } from 'pino';
import type { Database } from '@agentcast/db/client';
import type { EventBus } from '../../../integrations/events/event-bus.ts';
import type { JobQueue } from '../../../integrations/queue/create-job-queue.ts';
import type { MembershipCheck } from '../../membership/create-membership-check.ts';
import type { KnowledgeSearch } from '../../knowledge/search-knowledge.ts';
import type { PublishingServices } from '../publish/publishing-services.ts';
import type { StorageDriver } from '../../../integrations/storage/storage-driver.ts';
import type { PostWriter } from './post-writer.ts';

/** What an agent run needs; the worker builds it once at start-up. */
export type RunServices = {
  db: Database;
  queue: JobQueue;
  storage: StorageDriver;
  writer: PostWriter;
  events: EventBus;
  /** Finds the knowledge passages for a run (full-text, or hybrid with embeddings). */
  searchKnowledge: KnowledgeSearch;
  /** Asked before each scheduled post and reply. */
  checkMembership: MembershipCheck;
  logger: Logger;
  /** The ffmpeg executable for videos (FFMPEG_PATH). */
  ffmpegPath: string;
  /** A worker holds a run this long while it writes the post; after that another may take it over. */
  generationLeaseMs: number;
  /** The run's deliveries are published by the worker that wrote the post, right after. */
  publishing: PublishingServices;
  now: () => Date;
};
