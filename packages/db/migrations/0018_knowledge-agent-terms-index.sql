-- The words of a passage as its agent's own index keys: each lexeme prefixed with the agent's id, so that in a GIN
-- index a word's posting list holds only that agent's passages. Retrieval asks for '<agent id>:<lexeme>'. Lexemes
-- longer than 1,024 bytes are left out: with the prefix they could pass tsvector's 2,046-byte limit, and no search
-- term is that long.
CREATE FUNCTION knowledge_agent_terms(agent uuid, terms tsvector) RETURNS tsvector
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT array_to_tsvector(ARRAY(
    SELECT agent::text || ':' || lexeme FROM unnest(tsvector_to_array(terms)) AS lexeme WHERE octet_length(lexeme) <= 1024))
$$;--> statement-breakpoint
DROP INDEX "knowledge_chunk_agent_tsv_idx";--> statement-breakpoint
CREATE INDEX "knowledge_chunk_agent_terms_idx" ON "knowledge_chunk" USING gin (knowledge_agent_terms("agent_id", "tsv"));
