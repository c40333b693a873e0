ALTER TABLE "page_admins" ADD COLUMN "page_token_enc" text;--> statement-breakpoint
ALTER TABLE "page_admins" ADD COLUMN "token_status" text DEFAULT 'valid' NOT NULL;--> statement-breakpoint
-- Existing links: a page with one admin holds that admin's token, so it becomes theirs. On a shared page the
-- stored token is whichever admin signed in last: nobody gets it, each admin's next sign-in stores their own.
UPDATE "page_admins" pa SET "page_token_enc" = p."page_token_enc", "token_status" = p."token_status"
FROM "pages" p
WHERE p."id" = pa."page_id"
  AND (SELECT count(*) FROM "page_admins" x WHERE x."page_id" = pa."page_id") = 1;
