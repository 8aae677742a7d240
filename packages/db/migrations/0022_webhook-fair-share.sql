CREATE TABLE "webhook_test_send" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"sent_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "webhook_test_send" ADD CONSTRAINT "webhook_test_send_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "webhook_test_send_user_idx" ON "webhook_test_send" USING btree ("user_id","sent_at");--> statement-breakpoint
CREATE INDEX "webhook_delivery_leased_idx" ON "webhook_delivery" USING btree ("user_id","lease_until") WHERE "webhook_delivery"."lease_until" IS NOT NULL;