CREATE TABLE "telegram_update" (
	"bot_id" text NOT NULL,
	"update_id" bigint NOT NULL,
	"payload" jsonb NOT NULL,
	"received_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "telegram_update_bot_id_update_id_pk" PRIMARY KEY("bot_id","update_id")
);
--> statement-breakpoint
CREATE INDEX "telegram_update_received_idx" ON "telegram_update" USING btree ("received_at");