CREATE TABLE "metrics_read_window" (
	"platform" text NOT NULL,
	"account_key" text NOT NULL,
	"window_start" timestamp (3) with time zone NOT NULL,
	"requests" integer NOT NULL,
	"blocked_until" timestamp (3) with time zone,
	CONSTRAINT "metrics_read_window_platform_account_key_pk" PRIMARY KEY("platform","account_key")
);
--> statement-breakpoint
CREATE TABLE "post_metric_reading" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"delivery_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"agent_id" uuid NOT NULL,
	"platform" text NOT NULL,
	"read_at" timestamp (3) with time zone NOT NULL,
	"metrics" jsonb NOT NULL,
	"engagement" integer NOT NULL,
	"exposure" integer
);
--> statement-breakpoint
ALTER TABLE "delivery" ADD COLUMN "published_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "delivery" ADD COLUMN "metrics" jsonb;--> statement-breakpoint
ALTER TABLE "delivery" ADD COLUMN "metrics_engagement" integer;--> statement-breakpoint
ALTER TABLE "delivery" ADD COLUMN "metrics_exposure" integer;--> statement-breakpoint
ALTER TABLE "delivery" ADD COLUMN "metrics_read_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "delivery" ADD COLUMN "metrics_next_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "post_metric_reading" ADD CONSTRAINT "post_metric_reading_delivery_id_delivery_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "public"."delivery"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "post_metric_reading_delivery_idx" ON "post_metric_reading" USING btree ("delivery_id","read_at");--> statement-breakpoint
CREATE INDEX "delivery_metrics_due_idx" ON "delivery" USING btree ("metrics_next_at") WHERE metrics_next_at IS NOT NULL;--> statement-breakpoint
CREATE INDEX "delivery_published_idx" ON "delivery" USING btree ("user_id","published_at") WHERE published_at IS NOT NULL AND platform <> 'terminal';--> statement-breakpoint
-- Posts published before metrics were read: when they went out (posting began, or the row last changed), and a first
-- reading soon for those still within the 7 days their metrics are read.
UPDATE "delivery" SET "published_at" = coalesce("posting_started_at", "updated_at") WHERE "status" IN ('posted', 'removed') AND "platform" <> 'terminal';--> statement-breakpoint
UPDATE "delivery" SET "metrics_next_at" = now() WHERE "status" = 'posted' AND "platform" <> 'terminal' AND "published_at" > now() - interval '7 days';