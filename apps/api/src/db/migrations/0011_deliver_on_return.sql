ALTER TABLE "campaign_recipients" ADD COLUMN "returned_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "reachable_only" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "deliver_on_return_until" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "campaign_recipients_returned_idx" ON "campaign_recipients" USING btree ("campaign_id") WHERE "campaign_recipients"."state" = 'queued' and "campaign_recipients"."returned_at" is not null;