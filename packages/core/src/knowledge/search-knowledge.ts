import { eq, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Database } from '@agentcast/db/client';
import { knowledgeSource } from '@agentcast/db/schema/knowledge';
import type { Embedder } from '../llm/openai-embedder.ts';
import { loadPassages, retrieveKnowledge, type RetrievedPassage, type RetrieveOptions } from './retrieve-knowledge.ts';
import type { VectorIndex } from './vector-index.ts';

/** How many candidates each ranking contributes before they are fused. */
const CANDIDATES = 20;
/** Reciprocal rank fusion's constant: damps the weight of the very top ranks. */
const RRF_K = 60;

/** Changes whenever the agent's knowledge does, so cached vectors are reloaded. */
const knowledgeVersion = async (db: Database, agentId: string) => {
  const [row] = await db
    .select({ latest: sql<string>`coalesce(max(${knowledgeSource.updatedAt})::text, '')`, count: sql<number>`count(*)` })
    .from(knowledgeSource)
    .where(eq(knowledgeSource.agentId, agentId));
  return `${row?.latest}|${row?.count}`;
};

const fuse = (rankings: number[][]) => {
  const scores = new Map<number, number>();
  for (const ranking of rankings) ranking.forEach((id, rank) => scores.set(id, (scores.get(id) ?? 0) + 1 / (RRF_K + rank + 1)));
  return [...scores].sort((a, b) => b[1] - a[1]).map(([id]) => id);
};

export type KnowledgeSearch = (options: RetrieveOptions) => Promise<RetrievedPassage[]>;

/**
 * Full-text search alone, or, with an embeddings endpoint, hybrid: the full-text and nearest-neighbour rankings
 * fused by reciprocal rank. If the endpoint fails, the full-text ranking is used (a run never fails over it).
 */
export const createKnowledgeSearch = ({
  db,
  embedder,
  vectorIndex,
  logger,
}: {
  db: Database;
  embedder?: Embedder;
  vectorIndex?: VectorIndex;
  logger: Logger;
}): KnowledgeSearch => {
  if (!embedder || !vectorIndex) return (options) => retrieveKnowledge(db, options);
  return async ({ limit = 4, ...options }) => {
    const textHits = await retrieveKnowledge(db, { ...options, limit: CANDIDATES });
    let nearest: number[] = [];
    try {
      const [[queryVector], version] = await Promise.all([embedder.embed([options.query]), knowledgeVersion(db, options.agentId)]);
      if (queryVector) nearest = await vectorIndex.nearest(db, { agentId: options.agentId, version, query: queryVector, limit: CANDIDATES });
    } catch (error) {
      logger.warn({ err: error, agentId: options.agentId }, 'Embedding the query failed; using full-text search alone');
    }
    const ids = fuse([textHits.map((hit) => hit.id), nearest]);
    return (await loadPassages(db, { ...options, ids })).slice(0, limit);
  };
};
