-- Meta's time of the event behind a status: a replayed or late webhook older than it changes nothing.
ALTER TABLE "marketing_subscriptions" ADD COLUMN "status_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "message_templates" ADD COLUMN "status_at" timestamp with time zone;
