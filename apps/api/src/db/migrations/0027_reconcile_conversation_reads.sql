ALTER TABLE "campaign_recipients" ADD COLUMN "reconciled_by" text;--> statement-breakpoint
ALTER TABLE "campaign_recipients" ADD COLUMN "reconcile_read_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "campaign_recipients" ADD COLUMN "reconcile_reads" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "campaign_recipients" ADD COLUMN "resent_at" timestamp with time zone;