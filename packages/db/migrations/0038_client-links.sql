CREATE TABLE "draft_comment" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" text NOT NULL,
	"run_id" uuid NOT NULL,
	"author_user_id" text,
	"client_link_id" uuid,
	"author_name" text NOT NULL,
	"body" text NOT NULL,
	"changes_requested" boolean DEFAULT false NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "client_link" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" text NOT NULL,
	"client_name" text NOT NULL,
	"token_hash" text NOT NULL,
	"created_by" text,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "client_link_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "draft_approval" ADD COLUMN "client_link_id" uuid;--> statement-breakpoint
ALTER TABLE "draft_comment" ADD CONSTRAINT "draft_comment_workspace_id_workspace_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspace"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "draft_comment" ADD CONSTRAINT "draft_comment_run_id_agent_run_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."agent_run"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "draft_comment" ADD CONSTRAINT "draft_comment_author_user_id_user_id_fk" FOREIGN KEY ("author_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "draft_comment" ADD CONSTRAINT "draft_comment_client_link_id_client_link_id_fk" FOREIGN KEY ("client_link_id") REFERENCES "public"."client_link"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_link" ADD CONSTRAINT "client_link_workspace_id_workspace_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspace"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_link" ADD CONSTRAINT "client_link_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "draft_comment_run_idx" ON "draft_comment" USING btree ("run_id");--> statement-breakpoint
CREATE UNIQUE INDEX "client_link_workspace_client_idx" ON "client_link" USING btree ("workspace_id","client_name");--> statement-breakpoint
ALTER TABLE "draft_approval" ADD CONSTRAINT "draft_approval_client_link_id_client_link_id_fk" FOREIGN KEY ("client_link_id") REFERENCES "public"."client_link"("id") ON DELETE set null ON UPDATE no action;