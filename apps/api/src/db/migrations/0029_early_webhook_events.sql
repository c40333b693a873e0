CREATE TABLE "contact_receipt_marks" (
	"contact_id" uuid PRIMARY KEY NOT NULL,
	"delivered_until" timestamp with time zone NOT NULL,
	"read_until" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "pending_reactions" (
	"page_id" uuid NOT NULL,
	"mid" text NOT NULL,
	"psid" text NOT NULL,
	"reaction" text,
	"at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pending_reactions_page_id_mid_pk" PRIMARY KEY("page_id","mid")
);
--> statement-breakpoint
ALTER TABLE "contact_receipt_marks" ADD CONSTRAINT "contact_receipt_marks_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pending_reactions" ADD CONSTRAINT "pending_reactions_page_id_pages_id_fk" FOREIGN KEY ("page_id") REFERENCES "public"."pages"("id") ON DELETE cascade ON UPDATE no action;