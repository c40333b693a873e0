CREATE TABLE "message_templates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"page_id" uuid NOT NULL,
	"fb_template_id" text NOT NULL,
	"name" text NOT NULL,
	"language" text NOT NULL,
	"body" text NOT NULL,
	"params" text[] DEFAULT '{}'::text[] NOT NULL,
	"buttons" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"rejected_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "template_id" uuid;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "template_name" text;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "template_language" text;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "template_params" jsonb;--> statement-breakpoint
ALTER TABLE "message_templates" ADD CONSTRAINT "message_templates_page_id_pages_id_fk" FOREIGN KEY ("page_id") REFERENCES "public"."pages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "message_templates_page_name_language_key" ON "message_templates" USING btree ("page_id","name","language");--> statement-breakpoint
CREATE UNIQUE INDEX "message_templates_fb_template_id_key" ON "message_templates" USING btree ("fb_template_id");--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_template_id_message_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."message_templates"("id") ON DELETE set null ON UPDATE no action;