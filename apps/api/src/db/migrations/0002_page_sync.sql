CREATE TABLE "graph_pacers" (
	"key" text PRIMARY KEY NOT NULL,
	"next_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "page_syncs" ADD COLUMN "lease_owner" text;--> statement-breakpoint
ALTER TABLE "page_syncs" ADD COLUMN "lease_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "page_syncs" ADD COLUMN "rate_limit_hits" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "page_syncs" ADD COLUMN "graph_calls" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "page_syncs_one_active_key" ON "page_syncs" USING btree ("page_id") WHERE "page_syncs"."status" in ('waiting', 'running');