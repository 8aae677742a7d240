CREATE TABLE "agent" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"prompt" text NOT NULL,
	"image_path" text,
	"sample_posts" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"sample_questions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"data_sources" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"activities" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"post_configuration" jsonb NOT NULL,
	"chat_configuration" jsonb NOT NULL,
	"twitter_credentials_sealed" text,
	"cookies" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"model" text DEFAULT 'gpt-4o' NOT NULL,
	"custom_context" text DEFAULT '' NOT NULL,
	"custom_context_path" text,
	"trainingfiles" jsonb,
	"meme" boolean DEFAULT false NOT NULL,
	"graphic" boolean DEFAULT false NOT NULL,
	"video" boolean DEFAULT false NOT NULL,
	"linkedin_token_sealed" text,
	"linkedin_urn" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "agent" ADD CONSTRAINT "agent_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "agent_user_created_idx" ON "agent" USING btree ("user_id","created_at" DESC NULLS LAST);