CREATE TABLE "siwe_nonce" (
	"nonce" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wallet_link" (
	"user_id" text PRIMARY KEY NOT NULL,
	"address" text NOT NULL,
	"chain_id" integer NOT NULL,
	"verified_at" timestamp with time zone NOT NULL,
	CONSTRAINT "wallet_link_address_unique" UNIQUE("address")
);
--> statement-breakpoint
ALTER TABLE "siwe_nonce" ADD CONSTRAINT "siwe_nonce_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_link" ADD CONSTRAINT "wallet_link_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "siwe_nonce_user_id_idx" ON "siwe_nonce" USING btree ("user_id","created_at");