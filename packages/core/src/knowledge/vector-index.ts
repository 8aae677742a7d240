import { and, eq, isNotNull } from 'drizzle-orm';
import type { Database } from '@agentcast/db/client';
import { knowledgeChunk } from '@agentcast/db/schema/knowledge';

/** A hit must score at least this share of the best hit's similarity. */
const RELATIVE_FLOOR = 0.6;

type AgentVectors = { version: string; ids: number[]; vectors: Float32Array[]; bytes: number };

/** Cosine similarity of two vectors of the same length. */
const cosine = (a: Float32Array, b: Float32Array) => {
  let dot = 0;
  let normA = 0;
  let normB = 0;
  for (let index = 0; index < a.length; index++) {
    const x = a[index] as number;
    const y = b[index] as number;
    dot += x * y;
    normA += x * x;
    normB += y * y;
  }
  return normA && normB ? dot / Math.sqrt(normA * normB) : 0;
};

/**
 * Nearest-neighbour search over one agent's chunk embeddings, held in memory per agent (least recently used agents
 * leave first, past `maxBytes`). A cached agent is reloaded when its knowledge changed (`version`). An agent's
 * knowledge is bounded (10 PDFs), so an exact scan is fast enough without pgvector.
 */
export const createVectorIndex = ({ maxBytes = 64 * 1024 * 1024 }: { maxBytes?: number } = {}) => {
  const cache = new Map<string, AgentVectors>();
  let cachedBytes = 0;

  const load = async (db: Database, agentId: string, version: string) => {
    const cached = cache.get(agentId);
    if (cached?.version === version) {
      cache.delete(agentId);
      cache.set(agentId, cached);
      return cached;
    }
    const rows = await db
      .select({ id: knowledgeChunk.id, embedding: knowledgeChunk.embedding })
      .from(knowledgeChunk)
      .where(and(eq(knowledgeChunk.agentId, agentId), isNotNull(knowledgeChunk.embedding)));
    const vectors = rows.map((row) => Float32Array.from(row.embedding ?? []));
    const entry = { version, ids: rows.map((row) => row.id), vectors, bytes: vectors.reduce((sum, vector) => sum + vector.byteLength, 0) };
    if (cached) cachedBytes -= cached.bytes;
    cache.delete(agentId);
    cache.set(agentId, entry);
    cachedBytes += entry.bytes;
    for (const [key, value] of cache) {
      if (cachedBytes <= maxBytes || key === agentId) break;
      cache.delete(key);
      cachedBytes -= value.bytes;
    }
    return entry;
  };

  return {
    /**
     * The ids of the agent's `limit` chunks nearest to `query`, best first. Hits far below the best one are dropped:
     * an agent's few relevant passages should not come padded with its unrelated ones.
     */
    nearest: async (db: Database, { agentId, version, query, limit }: { agentId: string; version: string; query: number[]; limit: number }) => {
      const { ids, vectors } = await load(db, agentId, version);
      const target = Float32Array.from(query);
      const hits = vectors
        .map((vector, index) => ({ id: ids[index] as number, score: cosine(vector, target) }))
        .sort((a, b) => b.score - a.score)
        .slice(0, limit);
      const floor = (hits[0]?.score ?? 0) * RELATIVE_FLOOR;
      return hits.filter((hit) => hit.score > 0 && hit.score >= floor).map((hit) => hit.id);
    },
  };
};

export type VectorIndex = ReturnType<typeof createVectorIndex>;
