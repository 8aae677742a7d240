import { sql } from 'drizzle-orm';
import { bigserial, customType, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
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
    workspaceId: text('workspace_id').notNull(),
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
    workspaceId: text('workspace_id').notNull(),
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
    // One GIN index whose keys are the agent's own words: knowledge_agent_terms (migration 0018) prefixes each lexeme
    // with the agent's id ("<agent id>:energi"), so a word's posting list holds only that agent's passages. A search
    // reads just those, where an index over (agent_id, tsv) intersected the word's matches in every agent's knowledge
    // with all of the agent's passages. Nothing looks chunks up by agent alone (they go with their source), so there is
    // no btree on agent_id.
    index('knowledge_chunk_agent_terms_idx').using('gin', sql`knowledge_agent_terms(${table.agentId}, ${table.tsv})`),
  ],
);

/**
 * How many of an agent's passages hold each word (lexeme), kept exact by triggers on knowledge_chunk (migration
 * 0019): retrieval reads it to tell a rare word from a common one before it looks at any passage, and skips words
 * the agent's knowledge does not hold. No foreign key: the row goes with the last passage that holds the word.
 */
export const knowledgeTerm = pgTable(
  'knowledge_term',
  {
    agentId: uuid('agent_id').notNull(),
    lexeme: text('lexeme').notNull(),
    passages: integer('passages').notNull(),
  },
  (table) => [primaryKey({ columns: [table.agentId, table.lexeme] })],
);
