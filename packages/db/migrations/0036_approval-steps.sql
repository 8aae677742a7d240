-- 0035 was journaled with an earlier time than 0034, so the migrator skipped it on a database already at 0034:
-- its table is made here when missing (a database migrated in one go has it already).
CREATE TABLE IF NOT EXISTS "workspace_invitation" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" text NOT NULL REFERENCES "public"."workspace"("id") ON DELETE cascade,
	"email" text NOT NULL,
	"role" text NOT NULL,
	"token_hash" text NOT NULL,
	"invited_by" text REFERENCES "public"."user"("id") ON DELETE set null,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "workspace_invitation_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "workspace_invitation_workspace_email_idx" ON "workspace_invitation" USING btree ("workspace_id","email");--> statement-breakpoint
CREATE TABLE "draft_approval" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" text NOT NULL,
	"run_id" uuid NOT NULL,
	"step" text NOT NULL,
	"approved_by" text,
	"approver_name" text NOT NULL,
	"approved_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "agent" ADD COLUMN "approval" text DEFAULT 'none' NOT NULL;--> statement-breakpoint
UPDATE "agent" SET "approval" = 'one' WHERE "review_before_posting";--> statement-breakpoint
ALTER TABLE "agent_run" ADD COLUMN "time_chosen" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "draft_approval" ADD CONSTRAINT "draft_approval_workspace_id_workspace_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspace"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "draft_approval" ADD CONSTRAINT "draft_approval_run_id_agent_run_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."agent_run"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "draft_approval" ADD CONSTRAINT "draft_approval_approved_by_user_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "draft_approval_run_step_idx" ON "draft_approval" USING btree ("run_id","step");--> statement-breakpoint
CREATE INDEX "agent_run_chosen_time_idx" ON "agent_run" USING btree ("publish_at") WHERE status = 'awaiting_review' AND time_chosen;