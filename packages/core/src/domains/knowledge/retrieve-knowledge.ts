import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '@agentcast/db/client';
import { knowledgeChunk, knowledgeSource } from '@agentcast/db/schema/knowledge';
import { queryRows } from '@agentcast/db/query-rows';

export type RetrievedPassage = { id: number; text: string; name: string; page: number | null };

export type RetrieveOptions = {
  workspaceId: string;
  agentId: string;
  query: string;
  limit?: number;
  includeContext?: boolean;
};

/** Search terms from free text: words of two letters or more, at most 16 of them (stop words are dropped by SQL). */
const termsOf = (query: string) => [...new Set(query.toLowerCase().match(/[\p{L}\p{N}]{2,}/gu) ?? [])].slice(0, 16);

/**
 * A term with more of the agent's passages than this is common in the agent's knowledge ("energy" for an energy
 * agent): it says little about which passage fits, and ranking all its matches is what made a large agent's search
 * slow. A term with at most this many is rare: all its passages compete.
 */
export const RARE_TERM_PASSAGES = 64;
/** How many passages a common term brings as candidates (the first found, in storage order). */
const COMMON_TERM_CANDIDATES = 16;

/**
 * The agent's best passages for a query (any of the words may match). How many of the agent's passages hold each
 * word is known beforehand (knowledge_term): a word the agent's knowledge lacks is skipped, a rare one brings all its
 * passages, a common one its first COMMON_TERM_CANDIDATES, each looked up under the agent's own keys of the index; so
 * the passages read and ranked are bounded however large the agent's knowledge. Passages with more of the rare words
 * come first, then by full-text rank (more and closer matches of all the words). Only this agent's chunks, and only
 * if this user owns them. (Rarity counts all the agent's passages, its custom context too when that is left out.)
 * The query is the database function knowledge_search (migrations 0020, 0021), whose plan each connection makes once.
 */
export const retrieveKnowledge = async (
  db: Database,
  { workspaceId, agentId, query, limit = 4, includeContext = true }: RetrieveOptions,
): Promise<RetrievedPassage[]> => {
  const terms = termsOf(query);
  if (terms.length === 0) return [];
  const rows = await queryRows<RetrievedPassage>(
    db,
    sql`
    SELECT passage_id AS id, passage_text AS text, source_name AS name, source_page AS page
    FROM knowledge_search(${agentId}::uuid, ${workspaceId}::text, ${terms.join(' ')}::text, ${terms.join(' OR ')}::text,
      ${RARE_TERM_PASSAGES}::integer, ${COMMON_TERM_CANDIDATES}::integer, ${limit}::integer, ${includeContext}::boolean)
  `,
  );
  return rows.map((row) => ({ ...row, id: Number(row.id) }));
};

/** Passages by chunk id, in the order given, keeping only this user's agent's chunks. */
export const loadPassages = async (
  db: Database,
  {
    workspaceId,
    agentId,
    ids,
    includeContext = true,
  }: { workspaceId: string; agentId: string; ids: number[]; includeContext?: boolean },
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
      and(
        inArray(knowledgeChunk.id, ids),
        eq(knowledgeChunk.agentId, agentId),
        eq(knowledgeChunk.workspaceId, workspaceId),
      ),
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
