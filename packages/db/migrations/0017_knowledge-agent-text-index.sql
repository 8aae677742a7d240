-- btree_gin lets one GIN index hold agent_id beside the tsvector; a trusted extension (PostgreSQL 13+), shipped with
-- PostgreSQL's contrib and with PGlite.
CREATE EXTENSION IF NOT EXISTS btree_gin;--> statement-breakpoint
DROP INDEX "knowledge_chunk_agent_idx";--> statement-breakpoint
DROP INDEX "knowledge_chunk_tsv_idx";--> statement-breakpoint
CREATE INDEX "knowledge_chunk_agent_tsv_idx" ON "knowledge_chunk" USING gin ("agent_id","tsv");
