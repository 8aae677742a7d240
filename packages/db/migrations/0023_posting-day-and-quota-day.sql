ALTER TABLE "account_setting" ADD COLUMN "time_zone" text;--> statement-breakpoint
ALTER TABLE "agent_run" ADD COLUMN "quota_day" date;--> statement-breakpoint
ALTER TABLE "agent_schedule" ADD COLUMN "spread" jsonb;