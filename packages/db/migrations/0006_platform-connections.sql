CREATE TABLE "oauth_flow" (
	"state" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"agent_id" uuid,
	"target" text NOT NULL,
	"platform" text NOT NULL,
	"code_verifier_sealed" text,
	"redirect_uri" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "platform_connection" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"agent_id" uuid,
	"platform" text NOT NULL,
	"access_token_sealed" text NOT NULL,
	"refresh_token_sealed" text,
	"expires_at" timestamp with time zone,
	"account_id" text NOT NULL,
	"display_name" text NOT NULL,
	"handle" text,
	"scopes" text[] DEFAULT '{}'::text[] NOT NULL,
	"pending_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "oauth_flow" ADD CONSTRAINT "oauth_flow_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oauth_flow" ADD CONSTRAINT "oauth_flow_agent_id_agent_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agent"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "platform_connection" ADD CONSTRAINT "platform_connection_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "platform_connection" ADD CONSTRAINT "platform_connection_agent_id_agent_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agent"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "oauth_flow_expires_idx" ON "oauth_flow" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "platform_connection_user_platform_uq" ON "platform_connection" USING btree ("user_id","platform") WHERE "platform_connection"."agent_id" IS NULL AND "platform_connection"."pending_until" IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "platform_connection_agent_platform_uq" ON "platform_connection" USING btree ("agent_id","platform") WHERE "platform_connection"."agent_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "platform_connection_user_idx" ON "platform_connection" USING btree ("user_id");--> statement-breakpoint
-- Added by hand: LinkedIn tokens kept on the agent row by earlier versions become that agent's connection.
INSERT INTO "platform_connection" ("user_id", "agent_id", "platform", "access_token_sealed", "account_id", "display_name")
SELECT "user_id", "id", 'linkedin', "linkedin_token_sealed", coalesce("linkedin_urn", ''), 'LinkedIn member'
FROM "agent" WHERE "linkedin_token_sealed" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "agent" DROP COLUMN "linkedin_token_sealed";--> statement-breakpoint
ALTER TABLE "agent" DROP COLUMN "linkedin_urn";