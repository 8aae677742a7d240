-- Workspaces (issue 36, decision 028): the tenant becomes a workspace. Each person gets one with the person's id,
-- so renaming user_id to workspace_id moves every row into its owner's workspace without changing a value.
CREATE TABLE "workspace" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "workspace_member" (
	"workspace_id" text NOT NULL,
	"user_id" text NOT NULL,
	"role" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "workspace_member_workspace_id_user_id_pk" PRIMARY KEY("workspace_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "workspace_member" ADD CONSTRAINT "workspace_member_workspace_id_workspace_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspace"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "workspace_member" ADD CONSTRAINT "workspace_member_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "workspace_member_user_idx" ON "workspace_member" USING btree ("user_id");
--> statement-breakpoint
INSERT INTO "workspace" ("id", "name", "created_at") SELECT "id", "name" || '''s workspace', "created_at" FROM "user";
--> statement-breakpoint
INSERT INTO "workspace_member" ("workspace_id", "user_id", "role", "created_at") SELECT "id", "id", 'owner', "created_at" FROM "user";
--> statement-breakpoint
-- Every new person gets their workspace in the same transaction as their account, whichever way they signed up.
CREATE FUNCTION create_personal_workspace() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "workspace" ("id", "name", "created_at") VALUES (NEW."id", NEW."name" || '''s workspace', NEW."created_at");
  INSERT INTO "workspace_member" ("workspace_id", "user_id", "role", "created_at")
  VALUES (NEW."id", NEW."id", 'owner', NEW."created_at");
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "user_personal_workspace" AFTER INSERT ON "user" FOR EACH ROW EXECUTE FUNCTION create_personal_workspace();
--> statement-breakpoint
ALTER TABLE "agent" RENAME COLUMN "user_id" TO "workspace_id";
--> statement-breakpoint
ALTER TABLE "agent" DROP CONSTRAINT "agent_user_id_user_id_fk";
--> statement-breakpoint
ALTER TABLE "agent" ADD CONSTRAINT "agent_workspace_id_workspace_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspace"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "post_metric_reading" RENAME COLUMN "user_id" TO "workspace_id";
--> statement-breakpoint
ALTER TABLE "platform_connection" RENAME COLUMN "user_id" TO "workspace_id";
--> statement-breakpoint
ALTER TABLE "platform_connection" DROP CONSTRAINT "platform_connection_user_id_user_id_fk";
--> statement-breakpoint
ALTER TABLE "platform_connection" ADD CONSTRAINT "platform_connection_workspace_id_workspace_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspace"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "platform_call" RENAME COLUMN "user_id" TO "workspace_id";
--> statement-breakpoint
ALTER TABLE "platform_call" DROP CONSTRAINT "platform_call_user_id_user_id_fk";
--> statement-breakpoint
ALTER TABLE "platform_call" ADD CONSTRAINT "platform_call_workspace_id_workspace_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspace"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "knowledge_chunk" RENAME COLUMN "user_id" TO "workspace_id";
--> statement-breakpoint
ALTER TABLE "knowledge_source" RENAME COLUMN "user_id" TO "workspace_id";
--> statement-breakpoint
ALTER TABLE "daily_usage" RENAME COLUMN "user_id" TO "workspace_id";
--> statement-breakpoint
ALTER TABLE "daily_usage" DROP CONSTRAINT "daily_usage_user_id_user_id_fk";
--> statement-breakpoint
ALTER TABLE "daily_usage" ADD CONSTRAINT "daily_usage_workspace_id_workspace_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspace"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "user_plan" RENAME COLUMN "user_id" TO "workspace_id";
--> statement-breakpoint
ALTER TABLE "user_plan" DROP CONSTRAINT "user_plan_user_id_user_id_fk";
--> statement-breakpoint
ALTER TABLE "user_plan" ADD CONSTRAINT "user_plan_workspace_id_workspace_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspace"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "agent_run" RENAME COLUMN "user_id" TO "workspace_id";
--> statement-breakpoint
ALTER TABLE "delivery" RENAME COLUMN "user_id" TO "workspace_id";
--> statement-breakpoint
ALTER TABLE "agent_schedule" RENAME COLUMN "user_id" TO "workspace_id";
--> statement-breakpoint
ALTER TABLE "terminal_message" RENAME COLUMN "user_id" TO "workspace_id";
--> statement-breakpoint
ALTER TABLE "webhook_delivery" RENAME COLUMN "user_id" TO "workspace_id";
--> statement-breakpoint
ALTER TABLE "webhook_delivery" DROP CONSTRAINT "webhook_delivery_user_id_user_id_fk";
--> statement-breakpoint
ALTER TABLE "webhook_delivery" ADD CONSTRAINT "webhook_delivery_workspace_id_workspace_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspace"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "webhook_endpoint" RENAME COLUMN "user_id" TO "workspace_id";
--> statement-breakpoint
ALTER TABLE "webhook_endpoint" DROP CONSTRAINT "webhook_endpoint_user_id_user_id_fk";
--> statement-breakpoint
ALTER TABLE "webhook_endpoint" ADD CONSTRAINT "webhook_endpoint_workspace_id_workspace_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspace"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "webhook_test_send" RENAME COLUMN "user_id" TO "workspace_id";
--> statement-breakpoint
ALTER TABLE "webhook_test_send" DROP CONSTRAINT "webhook_test_send_user_id_user_id_fk";
--> statement-breakpoint
ALTER TABLE "webhook_test_send" ADD CONSTRAINT "webhook_test_send_workspace_id_workspace_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspace"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "daily_usage" RENAME CONSTRAINT "daily_usage_user_id_day_pk" TO "daily_usage_workspace_id_day_pk";
--> statement-breakpoint
ALTER INDEX "agent_user_created_idx" RENAME TO "agent_workspace_created_idx";
--> statement-breakpoint
ALTER INDEX "platform_connection_user_platform_uq" RENAME TO "platform_connection_workspace_platform_uq";
--> statement-breakpoint
ALTER INDEX "platform_connection_user_idx" RENAME TO "platform_connection_workspace_idx";
--> statement-breakpoint
ALTER INDEX "platform_call_user_day_idx" RENAME TO "platform_call_workspace_day_idx";
--> statement-breakpoint
ALTER INDEX "agent_schedule_user_idx" RENAME TO "agent_schedule_workspace_idx";
--> statement-breakpoint
ALTER INDEX "terminal_message_user_created_idx" RENAME TO "terminal_message_workspace_created_idx";
--> statement-breakpoint
ALTER INDEX "webhook_delivery_user_idx" RENAME TO "webhook_delivery_workspace_idx";
--> statement-breakpoint
ALTER INDEX "webhook_endpoint_user_idx" RENAME TO "webhook_endpoint_workspace_idx";
--> statement-breakpoint
ALTER INDEX "webhook_test_send_user_idx" RENAME TO "webhook_test_send_workspace_idx";
--> statement-breakpoint
-- API keys and the connection flows keep the person (who made the key, who started the flow) and gain the workspace.
ALTER TABLE "api_key" ADD COLUMN "workspace_id" text;
--> statement-breakpoint
UPDATE "api_key" SET "workspace_id" = "user_id";
--> statement-breakpoint
ALTER TABLE "api_key" ALTER COLUMN "workspace_id" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "api_key" ADD CONSTRAINT "api_key_workspace_id_workspace_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspace"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "oauth_flow" ADD COLUMN "workspace_id" text;
--> statement-breakpoint
UPDATE "oauth_flow" SET "workspace_id" = "user_id";
--> statement-breakpoint
ALTER TABLE "oauth_flow" ALTER COLUMN "workspace_id" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "oauth_flow" ADD CONSTRAINT "oauth_flow_workspace_id_workspace_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspace"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "oauth_account_choice" ADD COLUMN "workspace_id" text;
--> statement-breakpoint
UPDATE "oauth_account_choice" SET "workspace_id" = "user_id";
--> statement-breakpoint
ALTER TABLE "oauth_account_choice" ALTER COLUMN "workspace_id" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "oauth_account_choice" ADD CONSTRAINT "oauth_account_choice_workspace_id_workspace_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspace"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "farcaster_signer_request" ADD COLUMN "workspace_id" text;
--> statement-breakpoint
UPDATE "farcaster_signer_request" SET "workspace_id" = "user_id";
--> statement-breakpoint
ALTER TABLE "farcaster_signer_request" ALTER COLUMN "workspace_id" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "farcaster_signer_request" ADD CONSTRAINT "farcaster_signer_request_workspace_id_workspace_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspace"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
DROP INDEX "api_key_user_idx";
--> statement-breakpoint
-- knowledge_search (migration 0021) as it was, reading the renamed column: owner is the workspace now.
CREATE OR REPLACE FUNCTION knowledge_search(
  agent uuid, owner text, words text, any_word text,
  rare_passages integer, common_candidates integer, result_limit integer, include_context boolean
) RETURNS TABLE (passage_id bigint, passage_text text, source_name text, source_page integer)
LANGUAGE plpgsql STABLE SET plan_cache_mode = force_generic_plan AS $$
DECLARE
  -- Once per search, not once per candidate.
  any_word_query tsquery := websearch_to_tsquery('english', any_word);
BEGIN
  RETURN QUERY
  WITH term AS (
    SELECT known.lexeme, known.passages <= rare_passages AS rare,
      quote_literal(agent::text || ':' || known.lexeme)::tsquery AS query
    FROM unnest(to_tsvector('english', words)) AS word
    JOIN knowledge_term AS known ON known.agent_id = agent AND known.lexeme = word.lexeme
  ),
  best AS (
    SELECT match.id, count(*) FILTER (WHERE term.rare) AS rare_matches, max(match.rank) AS rank
    FROM term CROSS JOIN LATERAL (
      SELECT chunk.id, ts_rank_cd(chunk.tsv, any_word_query) AS rank
      FROM knowledge_chunk AS chunk
      WHERE chunk.agent_id = agent AND chunk.workspace_id = owner
        AND knowledge_agent_terms(chunk.agent_id, chunk.tsv) @@ term.query
        AND (include_context
          OR (SELECT source.kind FROM knowledge_source AS source WHERE source.id = chunk.source_id) = 'pdf')
      LIMIT CASE WHEN term.rare THEN rare_passages ELSE common_candidates END
    ) AS match
    GROUP BY match.id
    ORDER BY rare_matches DESC, rank DESC, match.id
    LIMIT result_limit
  )
  SELECT chunk.id, chunk.content, source.name, chunk.page
  FROM best
  JOIN knowledge_chunk AS chunk ON chunk.id = best.id
  JOIN knowledge_source AS source ON source.id = chunk.source_id
  ORDER BY best.rare_matches DESC, best.rank DESC, best.id;
END
$$;
--> statement-breakpoint
-- Agent-changed jobs queued before this migration name the owner userId; the worker now reads workspaceId.
DO $$ BEGIN
  IF to_regclass('pgboss.job') IS NOT NULL THEN
    UPDATE pgboss.job SET data = (data - 'userId') || jsonb_build_object('workspaceId', data->'userId')
    WHERE name = 'agent-changed' AND state IN ('created', 'retry', 'active') AND data ? 'userId';
  END IF;
END $$;
--> statement-breakpoint
CREATE INDEX "api_key_workspace_idx" ON "api_key" USING btree ("workspace_id","created_at");
