import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '@agentcast/db/client';
import { knowledgeChunk, knowledgeSource } from '@agentcast/db/schema/knowledge';
import { queryRows } from '@agentcast/db/query-rows';

export type RetrievedPassage = { id: number; text: string; name: string; page: number | null };

export type RetrieveOptions = {
  userId: string;
  agentId: string;
  query: string;
  limit?: number;
  includeContext?: boolean;
};

/** Search terms from free text: words of two letters or more, at most 16 of them (stop words are dropped by SQL). */
const termsOf = (query: string) => [...new Set(query.toLowerCase().match(/[\p{L}\p{N}]{2,}/gu) ?? [])].slice(0, 16);

/**
 * The agent's best passages for a query by full-text rank (any of the words may match; more and rarer matches rank
 * higher). Only this agent's chunks, and only if this user owns them.
 */
export const retrieveKnowledge = async (
  db: Database,
  { userId, agentId, query, limit = 4, includeContext = true }: RetrieveOptions,
): Promise<RetrievedPassage[]> => {
  const terms = termsOf(query);
  if (terms.length === 0) return [];
  const rows = await queryRows<RetrievedPassage>(
    db,
    sql`
    SELECT chunk.id AS id, chunk.content AS text, source.name AS name, chunk.page AS page
    FROM knowledge_chunk AS chunk
    JOIN knowledge_source AS source ON source.id = chunk.source_id,
      websearch_to_tsquery('english', ${terms.join(' OR ')}) AS query
    WHERE chunk.agent_id = ${agentId}
      AND chunk.user_id = ${userId}
      AND chunk.tsv @@ query
      ${includeContext ? sql`` : sql`AND source.kind = 'pdf'`}
    ORDER BY ts_rank_cd(chunk.tsv, query) DESC, chunk.id
    LIMIT ${limit}
  `,
  );
  return rows.map((row) => ({ ...row, id: Number(row.id) }));
};

/** Passages by chunk id, in the order given, keeping only this user's agent's chunks. */
export const loadPassages = async (
  db: Database,
  {
    userId,
    agentId,
    ids,
    includeContext = true,
  }: { userId: string; agentId: string; ids: number[]; includeContext?: boolean },
): Promise<RetrievedPassage[]> => {
  if (ids.length === 0) return [];
  const rows = await db
    .select({
      id: knowledgeChunk.id,
      text: knowledgeChunk.content,
      name: knowledgeSource.name,
      page: knowledgeChunk.page,
      kind: knowledgeSource.kind,
    })
    .from(knowledgeChunk)
    .innerJoin(knowledgeSource, eq(knowledgeSource.id, knowledgeChunk.sourceId))
    .where(
      and(inArray(knowledgeChunk.id, ids), eq(knowledgeChunk.agentId, agentId), eq(knowledgeChunk.userId, userId)),
    );
  const byId = new Map(rows.filter((row) => includeContext || row.kind === 'pdf').map((row) => [row.id, row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [{ id: row.id, text: row.text, name: row.name, page: row.page }] : [];
  });
};

/** How a passage's origin reads in a prompt and in the terminal: "report.pdf p. 3", or the name alone. */
export const passageSource = ({ name, page }: { name: string; page: number | null }) =>
  page ? `${name} p. ${page}` : name;
