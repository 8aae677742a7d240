CREATE TABLE "account_setting" (
	"user_id" text PRIMARY KEY NOT NULL,
	"notify_drafts_waiting" boolean DEFAULT true NOT NULL,
	"notify_publish_failed" boolean DEFAULT true NOT NULL,
	"drafts_notified_at" timestamp (3) with time zone
);
--> statement-breakpoint
CREATE TABLE "schedule_skip" (
	"agent_id" uuid NOT NULL,
	"slot_at" timestamp (3) with time zone NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "schedule_skip_agent_id_slot_at_pk" PRIMARY KEY("agent_id","slot_at")
);
--> statement-breakpoint
ALTER TABLE "agent" ADD COLUMN "review_before_posting" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "agent" ADD COLUMN "paused" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "agent_run" ADD COLUMN "publish_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "agent_run" ADD COLUMN "versions" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "agent_run" ADD COLUMN "review_note" text;--> statement-breakpoint
ALTER TABLE "agent_run" ADD COLUMN "reviewed_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "delivery" ADD COLUMN "removed_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "account_setting" ADD CONSTRAINT "account_setting_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_skip" ADD CONSTRAINT "schedule_skip_agent_id_agent_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agent"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "agent_run_drafts_idx" ON "agent_run" USING btree ("user_id","agent_id","publish_at") WHERE status IN ('planned', 'generating', 'awaiting_review');