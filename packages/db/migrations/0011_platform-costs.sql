CREATE TABLE "platform_call" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"agent_id" uuid NOT NULL,
	"call" text NOT NULL,
	"resource_id" text NOT NULL,
	"day" date NOT NULL,
	"price_micros" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "platform_call" ADD CONSTRAINT "platform_call_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "platform_call" ADD CONSTRAINT "platform_call_agent_id_agent_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agent"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "platform_call_once_a_day_idx" ON "platform_call" USING btree ("agent_id","call","resource_id","day");--> statement-breakpoint
CREATE INDEX "platform_call_user_day_idx" ON "platform_call" USING btree ("user_id","day");