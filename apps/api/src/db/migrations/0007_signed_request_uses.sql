CREATE TABLE "signed_request_uses" (
	"digest" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"fb_user_id" text NOT NULL,
	"confirmation_code" text,
	"used_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "signed_request_uses_used_at_idx" ON "signed_request_uses" USING btree ("used_at");