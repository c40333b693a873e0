ALTER TABLE "campaign_recipients" ADD COLUMN "skip_reason" text;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "skipped_count" integer DEFAULT 0 NOT NULL;