CREATE TABLE "page_webhook_features" (
	"page_id" uuid NOT NULL,
	"feature" text NOT NULL,
	"subscribed" boolean NOT NULL,
	"reason" text,
	"permission" text,
	"error" text,
	"checked_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "page_webhook_features_page_id_feature_pk" PRIMARY KEY("page_id","feature")
);
--> statement-breakpoint
ALTER TABLE "page_webhook_features" ADD CONSTRAINT "page_webhook_features_page_id_pages_id_fk" FOREIGN KEY ("page_id") REFERENCES "public"."pages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Contacts imported by page sync carried a full name only (the Conversations API's participants have no
-- first or last name): split it, first word and the rest, where no first name is known (modules/contacts/repo.ts
-- does the same for every new contact).
UPDATE "contacts" SET
	"first_name" = substring(btrim("name") from '^\S+'),
	"last_name" = coalesce("last_name", nullif(btrim(substring(btrim("name") from '^\S+\s+(.*)$')), ''))
WHERE "first_name" IS NULL AND nullif(btrim("name"), '') IS NOT NULL;
