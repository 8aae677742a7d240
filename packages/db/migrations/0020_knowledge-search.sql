-- Knowledge retrieval's query (retrieve-knowledge.ts, which documents the policy and passes its bounds) as a
-- function: PL/pgSQL keeps the plan of its query for the connection's life, where a statement sent from the app is
-- parsed and planned again on every search. Planning was a quarter of a search on PGlite (~1 ms of ~4). The
-- generic plan is forced: its shape is the custom plans' (each word looked up in the GIN index, only the candidates
-- ranked), but the planner costs it higher for not knowing the bounds and include_context, and by default would
-- keep planning anew.
-- Candidates: each of the query's words the agent's passages hold (knowledge_term), looked up under the agent's own
-- keys of the GIN index (knowledge_agent_terms, migration 0018): all of a rare word's passages (at most
-- rare_passages), a common word's first common_candidates. Ranked: more rare words first, then ts_rank_cd over all
-- the words. Only this agent's chunks, and only if this user owns them; with include_context false, PDF passages only.
CREATE FUNCTION knowledge_search(
  agent uuid, owner text, words text, any_word text,
  rare_passages integer, common_candidates integer, result_limit integer, include_context boolean
) RETURNS TABLE (passage_id bigint, passage_text text, source_name text, source_page integer)
LANGUAGE plpgsql STABLE SET plan_cache_mode = force_generic_plan AS $$
BEGIN
  RETURN QUERY
  WITH term AS (
    SELECT known.lexeme, known.passages <= rare_passages AS rare,
      quote_literal(agent::text || ':' || known.lexeme)::tsquery AS query
    FROM unnest(to_tsvector('english', words)) AS word
    JOIN knowledge_term AS known ON known.agent_id = agent AND known.lexeme = word.lexeme
  ),
  candidate AS (
    SELECT match.id, count(*) FILTER (WHERE term.rare) AS rare_matches
    FROM term CROSS JOIN LATERAL (
      SELECT chunk.id FROM knowledge_chunk AS chunk
      WHERE chunk.agent_id = agent AND chunk.user_id = owner
        AND knowledge_agent_terms(chunk.agent_id, chunk.tsv) @@ term.query
        AND (include_context
          OR (SELECT source.kind FROM knowledge_source AS source WHERE source.id = chunk.source_id) = 'pdf')
      LIMIT CASE WHEN term.rare THEN rare_passages ELSE common_candidates END
    ) AS match
    GROUP BY match.id
  )
  SELECT chunk.id, chunk.content, source.name, chunk.page
  FROM candidate
  JOIN knowledge_chunk AS chunk ON chunk.id = candidate.id
  JOIN knowledge_source AS source ON source.id = chunk.source_id,
    websearch_to_tsquery('english', any_word) AS query
  ORDER BY candidate.rare_matches DESC, ts_rank_cd(chunk.tsv, query) DESC, chunk.id
  LIMIT result_limit;
END
$$;
