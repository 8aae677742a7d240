import { sql } from 'drizzle-orm';
import type { Database } from '@agentcast/db/client';
import { queryRows } from '@agentcast/db/query-rows';
import { vectorLiteral } from './vector-literal.ts';

/** A hit must be at least this share as similar as the best one: an agent's few relevant passages should not come padded with unrelated ones. */
const RELATIVE_FLOOR = 0.6;

/**
 * The ids of this user's agent's chunks nearest in meaning to `query` (cosine distance in pgvector), best first.
 * An exact scan of one agent's vectors: an agent's knowledge is bounded (ten PDFs and its context), which keeps it
 * fast without an approximate index.
 */
export const nearestChunks = async (
  db: Database,
  {
    workspaceId,
    agentId,
    modelKey,
    query,
    limit,
    includeContext,
  }: {
    workspaceId: string;
    agentId: string;
    modelKey: string;
    query: number[];
    limit: number;
    includeContext: boolean;
  },
): Promise<number[]> => {
  const rows = await queryRows<{ id: number | string; similarity: number | string }>(
    db,
    sql`
    SELECT chunk.id, 1 - (embedding.embedding <=> ${vectorLiteral(query)}::vector) AS similarity
    FROM knowledge_embedding AS embedding
    JOIN knowledge_chunk AS chunk ON chunk.id = embedding.chunk_id
    JOIN knowledge_source AS source ON source.id = chunk.source_id
    WHERE embedding.agent_id = ${agentId} AND embedding.model = ${modelKey} AND chunk.workspace_id = ${workspaceId}
      ${includeContext ? sql`` : sql`AND source.kind = 'pdf'`}
    ORDER BY embedding.embedding <=> ${vectorLiteral(query)}::vector, chunk.id
    LIMIT ${limit}
  `,
  );
  const hits = rows.map((row) => ({
    id: Number(row.id),
    similarity: Number(row.similarity),
  }));
  const floor = (hits[0]?.similarity ?? 0) * RELATIVE_FLOOR;
  return hits.filter((hit) => hit.similarity > 0 && hit.similarity >= floor).map((hit) => hit.id);
};
