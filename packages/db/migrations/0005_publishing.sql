CREATE TABLE "daily_usage" (
	"user_id" text NOT NULL,
	"day" date NOT NULL,
	"posts" integer DEFAULT 0 NOT NULL,
	"replies" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "daily_usage_user_id_day_pk" PRIMARY KEY("user_id","day")
);
--> statement-breakpoint
CREATE TABLE "user_plan" (
	"user_id" text PRIMARY KEY NOT NULL,
	"plan" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "agent_run" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"agent_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"status" text DEFAULT 'planned' NOT NULL,
	"instruction" text NOT NULL,
	"slot_at" timestamp (3) with time zone,
	"due_at" timestamp (3) with time zone,
	"trigger_id" uuid,
	"reply_to" jsonb,
	"post_text" text,
	"media" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"terminal_message_id" uuid,
	"lease_until" timestamp (3) with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"error" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "delivery" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"run_id" uuid NOT NULL,
	"agent_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"platform" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"status" text DEFAULT 'planned' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp (3) with time zone,
	"lease_until" timestamp (3) with time zone,
	"posting_started_at" timestamp (3) with time zone,
	"external_id" text,
	"url" text,
	"error" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "agent_schedule" (
	"agent_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"user_id" text NOT NULL,
	"interval_ms" integer NOT NULL,
	"jitter_ms" integer NOT NULL,
	"next_run_at" timestamp (3) with time zone NOT NULL,
	"last_run_at" timestamp (3) with time zone,
	CONSTRAINT "agent_schedule_agent_id_kind_pk" PRIMARY KEY("agent_id","kind")
);
--> statement-breakpoint
CREATE TABLE "conversation_cursor" (
	"agent_id" uuid NOT NULL,
	"source" text NOT NULL,
	"since_id" text,
	"platform_user_id" text,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "conversation_cursor_agent_id_source_pk" PRIMARY KEY("agent_id","source")
);
--> statement-breakpoint
ALTER TABLE "terminal_message" ADD COLUMN "run_id" uuid;--> statement-breakpoint
ALTER TABLE "terminal_message" ADD COLUMN "reply_to" jsonb;--> statement-breakpoint
ALTER TABLE "daily_usage" ADD CONSTRAINT "daily_usage_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_plan" ADD CONSTRAINT "user_plan_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_run" ADD CONSTRAINT "agent_run_agent_id_agent_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agent"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery" ADD CONSTRAINT "delivery_run_id_agent_run_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."agent_run"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_schedule" ADD CONSTRAINT "agent_schedule_agent_id_agent_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agent"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversation_cursor" ADD CONSTRAINT "conversation_cursor_agent_id_agent_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agent"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "agent_run_idempotency_key_idx" ON "agent_run" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "agent_run_agent_created_idx" ON "agent_run" USING btree ("agent_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "agent_run_unfinished_idx" ON "agent_run" USING btree ("status","lease_until") WHERE status IN ('planned', 'generating');--> statement-breakpoint
CREATE UNIQUE INDEX "delivery_idempotency_key_idx" ON "delivery" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "delivery_run_idx" ON "delivery" USING btree ("run_id");--> statement-breakpoint
CREATE INDEX "delivery_unfinished_idx" ON "delivery" USING btree ("status","next_attempt_at") WHERE status IN ('ready', 'posting', 'unknown');--> statement-breakpoint
CREATE INDEX "agent_schedule_due_idx" ON "agent_schedule" USING btree ("next_run_at");