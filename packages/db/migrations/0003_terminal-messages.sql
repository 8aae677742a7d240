CREATE TABLE "terminal_message" (
	"message_id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"agent_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"tweet_content" text NOT NULL,
	"instruction" text NOT NULL,
	"trigger" text NOT NULL,
	"model" text NOT NULL,
	"is_offline" boolean NOT NULL,
	"deliveries" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"notes" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "terminal_message" ADD CONSTRAINT "terminal_message_agent_id_agent_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agent"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "terminal_message_agent_created_idx" ON "terminal_message" USING btree ("agent_id","created_at" DESC NULLS LAST,"message_id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "terminal_message_user_created_idx" ON "terminal_message" USING btree ("user_id","created_at" DESC NULLS LAST);