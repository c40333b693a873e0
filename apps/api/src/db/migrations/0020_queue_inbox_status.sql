ALTER TABLE "contacts" ADD COLUMN "last_contact_message_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "last_human_reply_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "inbox_status" text DEFAULT 'open' NOT NULL;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "snoozed_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "assignee_id" uuid;--> statement-breakpoint
ALTER TABLE "pages" ADD COLUMN "resolve_on_reply" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_assignee_id_admins_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contacts_assignee_idx" ON "contacts" USING btree ("assignee_id","page_id") WHERE "contacts"."assignee_id" is not null;