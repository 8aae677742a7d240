CREATE TABLE "farcaster_signer_request" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"agent_id" uuid,
	"target" text NOT NULL,
	"signer_uuid_sealed" text NOT NULL,
	"approval_url" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mastodon_app" (
	"instance_url" text NOT NULL,
	"redirect_uri" text NOT NULL,
	"client_id" text NOT NULL,
	"client_secret_sealed" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mastodon_app_instance_url_redirect_uri_pk" PRIMARY KEY("instance_url","redirect_uri")
);
--> statement-breakpoint
ALTER TABLE "oauth_flow" ADD COLUMN "service_url" text;--> statement-breakpoint
ALTER TABLE "farcaster_signer_request" ADD CONSTRAINT "farcaster_signer_request_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "farcaster_signer_request" ADD CONSTRAINT "farcaster_signer_request_agent_id_agent_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agent"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "farcaster_signer_request_user_idx" ON "farcaster_signer_request" USING btree ("user_id");