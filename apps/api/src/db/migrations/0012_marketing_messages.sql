CREATE TABLE "marketing_subscriptions" (
	"page_id" uuid NOT NULL,
	"contact_id" uuid NOT NULL,
	"token" text NOT NULL,
	"status" text DEFAULT 'subscribed' NOT NULL,
	"title" text,
	"subscribed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"stopped_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "marketing_subscriptions_page_id_contact_id_pk" PRIMARY KEY("page_id","contact_id")
);
--> statement-breakpoint
CREATE TABLE "optin_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"page_id" uuid NOT NULL,
	"contact_id" uuid NOT NULL,
	"title" text NOT NULL,
	"admin_id" uuid,
	"mid" text,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "marketing" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "marketing_campaign_id" text;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "marketing_ready_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "pages" ADD COLUMN "marketing_ad_account_id" text;--> statement-breakpoint
ALTER TABLE "pages" ADD COLUMN "marketing_ad_account_name" text;--> statement-breakpoint
ALTER TABLE "pages" ADD COLUMN "marketing_currency" text;--> statement-breakpoint
ALTER TABLE "pages" ADD COLUMN "marketing_connected_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "marketing_subscriptions" ADD CONSTRAINT "marketing_subscriptions_page_id_pages_id_fk" FOREIGN KEY ("page_id") REFERENCES "public"."pages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketing_subscriptions" ADD CONSTRAINT "marketing_subscriptions_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "optin_requests" ADD CONSTRAINT "optin_requests_page_id_pages_id_fk" FOREIGN KEY ("page_id") REFERENCES "public"."pages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "optin_requests" ADD CONSTRAINT "optin_requests_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "optin_requests" ADD CONSTRAINT "optin_requests_admin_id_admins_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "marketing_subscriptions_token_idx" ON "marketing_subscriptions" USING btree ("token");--> statement-breakpoint
CREATE INDEX "optin_requests_contact_sent_idx" ON "optin_requests" USING btree ("contact_id","sent_at" DESC NULLS LAST);