CREATE TABLE "knowledge_term" (
	"agent_id" uuid NOT NULL,
	"lexeme" text NOT NULL,
	"passages" integer NOT NULL,
	CONSTRAINT "knowledge_term_agent_id_lexeme_pk" PRIMARY KEY("agent_id","lexeme")
);
--> statement-breakpoint
-- Keeps knowledge_term exact as passages come and go, whatever removes them (a source's re-indexing, a removed
-- file, a deleted agent's cascade): once per statement, over the rows it changed. Rows are taken in key order so
-- that two statements counting the same agent's words wait for each other instead of deadlocking.
CREATE FUNCTION knowledge_term_count() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    WITH gone AS (
      SELECT old_rows.agent_id, lexeme, count(*) AS passages
      FROM old_rows, unnest(tsvector_to_array(old_rows.tsv)) AS lexeme GROUP BY 1, 2
    ),
    locked AS (
      SELECT term.agent_id, term.lexeme, gone.passages FROM knowledge_term AS term
      JOIN gone ON gone.agent_id = term.agent_id AND gone.lexeme = term.lexeme
      ORDER BY term.agent_id, term.lexeme FOR UPDATE OF term
    )
    UPDATE knowledge_term AS term SET passages = term.passages - locked.passages
    FROM locked WHERE locked.agent_id = term.agent_id AND locked.lexeme = term.lexeme;
    DELETE FROM knowledge_term
    WHERE agent_id IN (SELECT DISTINCT agent_id FROM old_rows) AND passages <= 0;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO knowledge_term (agent_id, lexeme, passages)
    SELECT new_rows.agent_id, lexeme, count(*)
    FROM new_rows, unnest(tsvector_to_array(new_rows.tsv)) AS lexeme GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT (agent_id, lexeme) DO UPDATE SET passages = knowledge_term.passages + excluded.passages;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER knowledge_chunk_terms_added AFTER INSERT ON knowledge_chunk
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION knowledge_term_count();--> statement-breakpoint
CREATE TRIGGER knowledge_chunk_terms_removed AFTER DELETE ON knowledge_chunk
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION knowledge_term_count();--> statement-breakpoint
CREATE TRIGGER knowledge_chunk_terms_changed AFTER UPDATE ON knowledge_chunk
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION knowledge_term_count();--> statement-breakpoint
-- The passages indexed before this migration.
INSERT INTO knowledge_term (agent_id, lexeme, passages)
SELECT agent_id, lexeme, count(*) FROM knowledge_chunk, unnest(tsvector_to_array(tsv)) AS lexeme GROUP BY 1, 2;
