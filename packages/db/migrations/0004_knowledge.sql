CREATE TABLE "knowledge_chunk" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"source_id" uuid NOT NULL,
	"agent_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"page" integer,
	"position" integer NOT NULL,
	"content" text NOT NULL,
	"tsv" "tsvector" GENERATED ALWAYS AS (to_tsvector('english', content)) STORED NOT NULL
);
--> statement-breakpoint
CREATE TABLE "knowledge_source" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"agent_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"storage_path" text NOT NULL,
	"name" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"error" text,
	"pages" integer,
	"chunk_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "terminal_message" ADD COLUMN "sources" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "knowledge_chunk" ADD CONSTRAINT "knowledge_chunk_source_id_knowledge_source_id_fk" FOREIGN KEY ("source_id") REFERENCES "public"."knowledge_source"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledge_source" ADD CONSTRAINT "knowledge_source_agent_id_agent_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agent"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "knowledge_chunk_agent_idx" ON "knowledge_chunk" USING btree ("agent_id");--> statement-breakpoint
CREATE INDEX "knowledge_chunk_source_idx" ON "knowledge_chunk" USING btree ("source_id");--> statement-breakpoint
CREATE INDEX "knowledge_chunk_tsv_idx" ON "knowledge_chunk" USING gin ("tsv");--> statement-breakpoint
CREATE INDEX "knowledge_source_agent_idx" ON "knowledge_source" USING btree ("agent_id");--> statement-breakpoint
CREATE INDEX "knowledge_source_status_idx" ON "knowledge_source" USING btree ("status");--> statement-breakpoint
-- Agents saved before knowledge existed: their files are queued for indexing (workers pick queued sources up at start).
INSERT INTO "knowledge_source" ("agent_id", "user_id", "kind", "storage_path", "name")
SELECT "agent"."id", "agent"."user_id", 'pdf', "file"->>'path', "file"->>'name'
FROM "agent", jsonb_array_elements(coalesce("agent"."trainingfiles", '[]'::jsonb)) AS "file";--> statement-breakpoint
INSERT INTO "knowledge_source" ("agent_id", "user_id", "kind", "storage_path", "name")
SELECT "id", "user_id", 'context', "custom_context_path", 'Custom context' FROM "agent" WHERE "custom_context_path" IS NOT NULL;
