import { sql } from 'drizzle-orm';
import type { DatabaseConnection } from './client.ts';

export class EmbeddingStoreError extends Error {}

/** Any constant: serialises the set-up between processes starting together. */
const SETUP_LOCK = 7_301_009;

/**
 * The embeddings of knowledge chunks, in a pgvector column (decision 009). Not a migration: a PostgreSQL server
 * needs the pgvector extension only when embeddings are configured, and every other deployment keeps running on a
 * plain server. PGlite always has the extension. One row per chunk, under the model that made it (`model` also
 * names the dimensions), so vectors of different models are never compared; a chunk's row goes with the chunk.
 */
export const enableEmbeddingStore = async ({ db }: DatabaseConnection) => {
  try {
    await db.transaction(async (tx) => {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(${SETUP_LOCK})`);
      await tx.execute(sql`CREATE EXTENSION IF NOT EXISTS vector`);
      await tx.execute(sql`
        CREATE TABLE IF NOT EXISTS knowledge_embedding (
          chunk_id bigint PRIMARY KEY REFERENCES knowledge_chunk(id) ON DELETE CASCADE,
          agent_id uuid NOT NULL,
          model text NOT NULL,
          embedding vector NOT NULL
        )`);
      // In the row rather than in TOAST (a 1,536-d vector is 6 KB): a search reads one agent's vectors in a scan, and
      // fetching each from the TOAST table made it 40% slower (npm run bench).
      await tx.execute(sql`ALTER TABLE knowledge_embedding ALTER COLUMN embedding SET STORAGE MAIN`);
      await tx.execute(
        sql`CREATE INDEX IF NOT EXISTS knowledge_embedding_agent_model_idx ON knowledge_embedding (agent_id, model)`,
      );
    });
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new EmbeddingStoreError(
      `Knowledge embeddings need the pgvector extension in the database (${reason}). Install it on the PostgreSQL ` +
        'server (Debian: apt-get install postgresql-15-pgvector) or leave EMBEDDINGS_MODEL unset.',
      { cause: error },
    );
  }
};
