import { sql } from 'drizzle-orm';
import type { Database } from '@agentcast/db/client';
import { queryRows } from '@agentcast/db/query-rows';
import type { Embedder } from '../../integrations/llm/openai-embedder.ts';
import { vectorLiteral } from './vector-literal.ts';

/** Texts per embeddings request: well under every provider's input limit, few enough requests for 200 pages. */
const BATCH = 64;

type PendingChunk = { id: number; agent_id: string; content: string };

const pendingChunks = async (db: Database, sourceId: string, modelKey: string) => {
  return queryRows<PendingChunk>(
    db,
    sql`
    SELECT chunk.id, chunk.agent_id, chunk.content
    FROM knowledge_chunk AS chunk
    LEFT JOIN knowledge_embedding AS embedding ON embedding.chunk_id = chunk.id AND embedding.model = ${modelKey}
    WHERE chunk.source_id = ${sourceId} AND embedding.chunk_id IS NULL
    ORDER BY chunk.id
    LIMIT ${BATCH}
  `,
  );
};

/**
 * Gives every chunk of the source a vector from the embedder's model, a batch at a time. A chunk that was
 * re-indexed or removed meanwhile is skipped (its row is gone). Returns how many chunks were embedded.
 */
export const embedKnowledgeSource = async (
  { db, embedder }: { db: Database; embedder: Embedder },
  { sourceId }: { sourceId: string },
) => {
  let embedded = 0;
  for (;;) {
    const chunks = await pendingChunks(db, sourceId, embedder.key);
    if (chunks.length === 0) return embedded;
    const vectors = await embedder.embed(chunks.map((chunk) => chunk.content));
    if (vectors.length !== chunks.length)
      throw new Error(`The embeddings endpoint returned ${vectors.length} vectors for ${chunks.length} texts`);
    const rows = chunks.map(
      (chunk, index) =>
        sql`(${chunk.id}::bigint, ${chunk.agent_id}::uuid, ${embedder.key}, ${vectorLiteral(vectors[index] ?? [])}::vector)`,
    );
    await db.execute(sql`
      INSERT INTO knowledge_embedding (chunk_id, agent_id, model, embedding)
      SELECT v.chunk_id, v.agent_id, v.model, v.embedding
      FROM (VALUES ${sql.join(rows, sql`, `)}) AS v(chunk_id, agent_id, model, embedding)
      WHERE EXISTS (SELECT 1 FROM knowledge_chunk WHERE knowledge_chunk.id = v.chunk_id)
      ON CONFLICT (chunk_id) DO UPDATE SET model = excluded.model, embedding = excluded.embedding
    `);
    embedded += chunks.length;
  }
};
