ALTER TABLE "tags" ADD COLUMN "contact_count" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
-- tags.contact_count = the tag's contact_tags rows, kept by statement triggers: one UPDATE per tag touched,
-- whatever the batch size (a cascade from a deleted contact or tag included). Tags are locked in id order,
-- so two concurrent bulk taggings cannot deadlock on them.
CREATE FUNCTION "contact_tags_count"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  d record;
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    UPDATE "tags" SET "contact_count" = 0 WHERE "contact_count" <> 0;
  ELSIF TG_OP = 'INSERT' THEN
    FOR d IN SELECT "tag_id", count(*)::int AS "n" FROM "new_rows" GROUP BY "tag_id" ORDER BY "tag_id" LOOP
      UPDATE "tags" SET "contact_count" = "contact_count" + d."n" WHERE "id" = d."tag_id";
    END LOOP;
  ELSIF TG_OP = 'DELETE' THEN
    FOR d IN SELECT "tag_id", count(*)::int AS "n" FROM "old_rows" GROUP BY "tag_id" ORDER BY "tag_id" LOOP
      UPDATE "tags" SET "contact_count" = "contact_count" - d."n" WHERE "id" = d."tag_id";
    END LOOP;
  ELSE
    FOR d IN
      SELECT "tag_id", sum("n")::int AS "n" FROM (
        SELECT "tag_id", 1 AS "n" FROM "new_rows" UNION ALL SELECT "tag_id", -1 FROM "old_rows"
      ) "change" GROUP BY "tag_id" HAVING sum("n") <> 0 ORDER BY "tag_id"
    LOOP
      UPDATE "tags" SET "contact_count" = "contact_count" + d."n" WHERE "id" = d."tag_id";
    END LOOP;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "contact_tags_count_insert" AFTER INSERT ON "contact_tags"
  REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "contact_tags_count"();
--> statement-breakpoint
CREATE TRIGGER "contact_tags_count_delete" AFTER DELETE ON "contact_tags"
  REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "contact_tags_count"();
--> statement-breakpoint
CREATE TRIGGER "contact_tags_count_update" AFTER UPDATE ON "contact_tags"
  REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "contact_tags_count"();
--> statement-breakpoint
CREATE TRIGGER "contact_tags_count_truncate" AFTER TRUNCATE ON "contact_tags"
  FOR EACH STATEMENT EXECUTE FUNCTION "contact_tags_count"();
--> statement-breakpoint
-- Existing assignments (the column starts at 0).
UPDATE "tags" SET "contact_count" = "c"."n"
  FROM (SELECT "tag_id", count(*)::int AS "n" FROM "contact_tags" GROUP BY "tag_id") "c"
  WHERE "tags"."id" = "c"."tag_id";
