ALTER TABLE "admins" ADD COLUMN "granted_scopes" text[];--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "path_stops" jsonb DEFAULT '{}'::jsonb NOT NULL;