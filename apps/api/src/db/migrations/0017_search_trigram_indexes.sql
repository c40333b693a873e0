CREATE INDEX "contacts_page_name_trgm_idx" ON "contacts" USING gin ("page_id","name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "contacts_page_preview_trgm_idx" ON "contacts" USING gin ("page_id","last_message_preview" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "messages_page_text_trgm_idx" ON "messages" USING gin ("page_id","text" gin_trgm_ops);