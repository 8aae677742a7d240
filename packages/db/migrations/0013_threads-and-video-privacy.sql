ALTER TABLE "agent" ADD COLUMN "x_threads" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "agent" ADD COLUMN "video_privacy" text DEFAULT 'private' NOT NULL;--> statement-breakpoint
ALTER TABLE "agent_run" ADD COLUMN "thread_breaks" jsonb;--> statement-breakpoint
ALTER TABLE "delivery" ADD COLUMN "thread_posts" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "delivery" ADD COLUMN "thread_length" integer;