CREATE TABLE "campaign_contact_marks" (
	"contact_id" uuid PRIMARY KEY NOT NULL,
	"delivered_until" timestamp with time zone,
	"interacted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "campaign_contact_marks" ADD CONSTRAINT "campaign_contact_marks_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE cascade ON UPDATE no action;