CREATE TABLE "campaign_workers" (
	"id" uuid PRIMARY KEY NOT NULL,
	"heartbeat_at" timestamp with time zone DEFAULT now() NOT NULL,
	"campaign_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "page_send_rate" (
	"page_id" uuid PRIMARY KEY NOT NULL,
	"next_slot" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "campaign_recipients" ADD COLUMN "worker_id" uuid;--> statement-breakpoint
ALTER TABLE "campaign_recipients" ADD COLUMN "claimed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "campaign_recipients" ADD COLUMN "not_before" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "audience_kind" text DEFAULT 'all' NOT NULL;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "tag_name" text;--> statement-breakpoint
ALTER TABLE "page_send_rate" ADD CONSTRAINT "page_send_rate_page_id_pages_id_fk" FOREIGN KEY ("page_id") REFERENCES "public"."pages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "campaign_recipients_contact_sent_idx" ON "campaign_recipients" USING btree ("contact_id","sent_at");--> statement-breakpoint
CREATE INDEX "campaign_recipients_message_id_idx" ON "campaign_recipients" USING btree ("message_id") WHERE "campaign_recipients"."message_id" is not null;--> statement-breakpoint
CREATE INDEX "campaign_recipients_sending_idx" ON "campaign_recipients" USING btree ("worker_id") WHERE "campaign_recipients"."state" = 'sending';
