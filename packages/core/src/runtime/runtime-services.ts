import type { Logger } from 'pino';
import type { Database } from '@agentcast/db/client';
import type { EventBus } from '../events/event-bus.ts';
import type { KnowledgeSearch } from '../knowledge/search-knowledge.ts';
import type { StorageDriver } from '../storage/storage-driver.ts';
import type { PostWriter } from './post-writer.ts';

/** What an agent run needs; the worker builds it once at start-up. */
export type RuntimeServices = {
  db: Database;
  storage: StorageDriver;
  writer: PostWriter;
  events: EventBus;
  /** Finds the knowledge passages for a run (full-text, or hybrid with embeddings). */
  searchKnowledge: KnowledgeSearch;
  logger: Logger;
  /** The ffmpeg executable for videos (FFMPEG_PATH). */
  ffmpegPath: string;
};
