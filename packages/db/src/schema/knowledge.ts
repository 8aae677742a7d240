import { sql } from 'drizzle-orm';
import { bigserial, customType, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { agent } from './agents.ts';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * One indexed document of an agent: a training PDF, or its custom context. Ingestion (a job) moves it from queued
 * to processing to ready, or to failed with a reason the agent forms show.
 */
export const knowledgeSource = pgTable(
  'knowledge_source',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    agentId: uuid('agent_id')
      .notNull()
      .references(() => agent.id, { onDelete: 'cascade' }),
    userId: text('user_id').notNull(),
    kind: text('kind', { enum: ['pdf', 'context'] }).notNull(),
    /** In the trainingfiles bucket. */
    storagePath: text('storage_path').notNull(),
    name: text('name').notNull(),
    status: text('status', { enum: ['queued', 'processing', 'ready', 'failed'] })
      .notNull()
      .default('queued'),
    /** 0–100 while processing. */
    progress: integer('progress').notNull().default(0),
    error: text('error'),
    pages: integer('pages'),
    chunkCount: integer('chunk_count').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('knowledge_source_agent_idx').on(table.agentId),
    index('knowledge_source_status_idx').on(table.status),
  ],
);

/** A passage of a source, with its page, indexed for full-text search on PGlite and PostgreSQL alike. */
export const knowledgeChunk = pgTable(
  'knowledge_chunk',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    sourceId: uuid('source_id')
      .notNull()
      .references(() => knowledgeSource.id, { onDelete: 'cascade' }),
    /** Kept here so retrieval filters by agent and owner without a join. */
    agentId: uuid('agent_id').notNull(),
    userId: text('user_id').notNull(),
    /** 1-based page of a PDF; null for the custom context. */
    page: integer('page'),
    position: integer('position').notNull(),
    content: text('content').notNull(),
    tsv: tsvector('tsv')
      .notNull()
      .generatedAlwaysAs(sql`to_tsvector('english', content)`),
  },
  (table) => [
    index('knowledge_chunk_source_idx').on(table.sourceId),
    // One GIN index over agent and text (agent_id through btree_gin, loaded by migration 0017): a search walks only
    // its agent's posting lists instead of finding every agent's matches and filtering them. It also serves lookups
    // by agent alone, so there is no separate btree on agent_id.
    index('knowledge_chunk_agent_tsv_idx').using('gin', table.agentId, table.tsv),
  ],
);

export type KnowledgeSourceRow = typeof knowledgeSource.$inferSelect;
