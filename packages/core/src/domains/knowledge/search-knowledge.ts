import type { Logger } from 'pino';
import type { Database } from '@agentcast/db/client';
import type { Embedder } from '../../integrations/llm/openai-embedder.ts';
import { nearestChunks } from './nearest-chunks.ts';
import { loadPassages, retrieveKnowledge, type RetrievedPassage, type RetrieveOptions } from './retrieve-knowledge.ts';

/** How many candidates each ranking contributes before they are fused. */
const CANDIDATES = 20;
/** Reciprocal rank fusion's constant: damps the weight of the very top ranks. */
const RRF_K = 60;

/** Reciprocal rank fusion: an id scores 1/(k + rank) in each ranking it appears in; best total first. */
export const fuseRankings = (rankings: number[][]) => {
  const scores = new Map<number, number>();
  for (const ranking of rankings)
    ranking.forEach((id, rank) => scores.set(id, (scores.get(id) ?? 0) + 1 / (RRF_K + rank + 1)));
  return [...scores].sort((a, b) => b[1] - a[1]).map(([id]) => id);
};

export type KnowledgeSearch = (options: RetrieveOptions) => Promise<RetrievedPassage[]>;

/**
 * Full-text search alone, or, with an embeddings endpoint, hybrid: the full-text and nearest-neighbour rankings
 * fused by reciprocal rank. If the endpoint fails, the full-text ranking is used: a run never fails over it.
 */
export const createKnowledgeSearch = ({
  db,
  embedder,
  logger,
}: {
  db: Database;
  embedder?: Embedder;
  logger: Logger;
}): KnowledgeSearch => {
  if (!embedder) return (options) => retrieveKnowledge(db, options);
  return async ({ limit = 4, includeContext = true, ...options }) => {
    const textHits = await retrieveKnowledge(db, { ...options, includeContext, limit: CANDIDATES });
    let nearest: number[] = [];
    try {
      const [queryVector] = await embedder.embed([options.query]);
      if (queryVector)
        nearest = await nearestChunks(db, {
          ...options,
          includeContext,
          modelKey: embedder.key,
          query: queryVector,
          limit: CANDIDATES,
        });
    } catch (error) {
      logger.warn({ err: error, agentId: options.agentId }, 'Embedding the query failed; using full-text search alone');
    }
    const ids = fuseRankings([textHits.map((hit) => hit.id), nearest]).slice(0, limit);
    return loadPassages(db, { ...options, includeContext, ids });
  };
};
