-- Meta's webhooks are not ordered: a contact's reaction or receipt can reach Pagecast before the message it
-- is about is stored (the page's echo, or the Send API's answer, still on the way). What came early waits in
-- pending_reactions and contact_receipt_marks, and the message takes it as it is inserted, by whichever path
-- stores it (the Send API's answer, the echo, the history sync): one place, not three statements. A BEFORE
-- trigger, so each insert's RETURNING already carries it and the message's live event shows it.
CREATE FUNCTION "messages_take_early_events"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  p record;
  w record;
BEGIN
  -- A reaction held for this mid; only the contact whose conversation it is can have reacted.
  DELETE FROM "pending_reactions" WHERE "page_id" = NEW."page_id" AND "mid" = NEW."mid"
    RETURNING "psid", "reaction" INTO p;
  IF FOUND AND EXISTS (SELECT 1 FROM "contacts" WHERE "id" = NEW."contact_id" AND "psid" = p."psid") THEN
    NEW."reaction" := p."reaction";
  END IF;
  -- The page's message to a contact whose receipts already cover its time (Meta's, else the time stored
  -- just before the send, as messages-repo.ts#applyReceipt compares): delivered, and read.
  IF NEW."direction" = 'out' THEN
    SELECT "delivered_until", "read_until" INTO w FROM "contact_receipt_marks"
      WHERE "contact_id" = NEW."contact_id";
    IF FOUND THEN
      IF NEW."delivered_at" IS NULL AND w."delivered_until" >= coalesce(NEW."platform_at", NEW."created_at") THEN
        NEW."delivered_at" := w."delivered_until";
      END IF;
      IF NEW."read_at" IS NULL AND w."read_until" >= coalesce(NEW."platform_at", NEW."created_at") THEN
        NEW."read_at" := w."read_until";
      END IF;
    END IF;
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "messages_take_early_events" BEFORE INSERT ON "messages"
  FOR EACH ROW EXECUTE FUNCTION "messages_take_early_events"();
