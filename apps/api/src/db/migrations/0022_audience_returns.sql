ALTER TABLE "campaign_recipients" ADD COLUMN "return_due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "audience" jsonb;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "return_delay_minutes" integer DEFAULT 30 NOT NULL;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "returns_stopped_at" timestamp with time zone;