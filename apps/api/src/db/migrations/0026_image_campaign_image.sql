ALTER TABLE "campaign_recipients" ADD COLUMN "image_mid" text;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "image_url" text;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "image_attachment_id" text;