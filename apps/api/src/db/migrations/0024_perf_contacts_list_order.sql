DROP INDEX "contacts_page_recent_idx";--> statement-breakpoint
CREATE INDEX "contacts_page_recent_idx" ON "contacts" USING btree ("page_id","last_message_at" DESC NULLS LAST,"id" DESC NULLS FIRST);